import type { Actor } from '../../core/audit/index.js';
import type { Ticket } from '../../core/gate/index.js';
import type { OrderSource } from '../../core/watcher/index.js';
import { actorText } from '../approvals/card.js';
import { escapeMarkdown } from '../text/escape.js';
import type { PlacedBy, SourceKind } from './types.js';

/** Finds a ticket in memory or in the audit log (`OrderGate.find`). */
export type FindTicket = (ticketId: string) => Promise<Ticket | undefined>;

/** How the summary names each source. */
export const SOURCE_LABELS: Readonly<Record<SourceKind, string>> = {
  discord: 'Discord',
  mcp: 'MCP',
  ticket: 'other omsdesk tickets',
  client: 'omsdesk client',
  outside: 'outside omsdesk',
};

function kindOf(requester: Actor | undefined): SourceKind {
  if (requester?.channel === 'discord') return 'discord';
  if (requester?.channel.startsWith('mcp')) return 'mcp';
  return 'ticket';
}

/**
 * Who placed an order, from its remarks tag and, for an omsdesk ticket, the ticket's requester and
 * approver. `settled` is false when the ticket could not be looked up (try again later).
 */
export async function lookUpPlacedBy(
  source: OrderSource,
  find: FindTicket,
): Promise<{ readonly placedBy: PlacedBy; readonly settled: boolean }> {
  if (source.kind === 'outside') return { placedBy: { kind: 'outside' }, settled: true };
  if (source.kind === 'client') return { placedBy: { kind: 'client', tag: source.tag }, settled: true };
  const base = { ticketId: source.ticketId, ...(source.leg === undefined ? {} : { leg: source.leg }) };
  let ticket: Ticket | undefined;
  try {
    ticket = await find(source.ticketId);
  } catch {
    return { placedBy: { kind: 'ticket', ...base }, settled: false };
  }
  const placedBy: PlacedBy = {
    kind: kindOf(ticket?.requestedBy),
    ...base,
    ...(ticket === undefined ? {} : { requestedBy: ticket.requestedBy }),
    ...(ticket?.decidedBy === undefined ? {} : { decidedBy: ticket.decidedBy }),
  };
  return { placedBy, settled: true };
}

/** Who placed it, in words: the ticket with its requester and approver, the omsdesk client, or outside. */
export function placedByText(p: PlacedBy): string {
  if (p.kind === 'outside') return "Outside omsdesk (the broker's own app or another program)";
  if (p.kind === 'client') return `The omsdesk client (tag ${escapeMarkdown(p.tag ?? '?')})`;
  const leg = p.leg === undefined ? '' : ` (leg ${p.leg})`;
  const ticket = `Ticket ${p.ticketId ?? '?'}${leg}`;
  if (p.requestedBy === undefined) return `${ticket}: its requester is not on record`;
  const where = p.kind === 'discord' ? ' on Discord' : '';
  const approved = p.decidedBy === undefined ? '' : `, confirmed by ${actorText(p.decidedBy)}`;
  return `${ticket}: requested by ${actorText(p.requestedBy)}${where}${approved}`;
}

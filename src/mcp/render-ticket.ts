import type { ResourceLink } from '@modelcontextprotocol/server';
import type { Actor } from '../core/audit/index.js';
import { showPrice } from '../core/checks/index.js';
import type { Ticket } from '../core/gate/index.js';
import type { WebDeskLinks } from './deps.js';
import { ticketUri } from './resources/uris.js';
import type { Reply } from './results.js';
import type { ConfirmationPath } from './schemas/ticket.js';
import { untrusted } from './untrusted.js';

/** Ticket statuses after which no order is working and the call did not do what was asked. */
export const FAILED_STATUSES: ReadonlySet<string> = new Set([
  'REFUSED',
  'DECLINED',
  'EXPIRED',
  'NOT_PLACED',
  'REJECTED',
  'UNKNOWN',
]);

const HOW: Readonly<Record<ConfirmationPath, string>> = {
  elicitation: "the MCP client's confirmation form",
  app: 'the person, on the order card their MCP client shows',
  discord: 'a Discord approver',
  tool: 'confirm_order, after the person agrees',
  web: "the requester, on the ticket's page of the web desk",
  none: 'none',
};

/** Who acted, for a model: the person and their channel with a people file, else the client or user. */
export function actorLabel(actor: Actor): string {
  return actor.person === undefined
    ? `${actor.id} via ${actor.channel}`
    : `${actor.person} (via ${actor.channel})`;
}

function legLine(ticket: Ticket): string[] {
  return ticket.legs.flatMap((leg, n) => {
    const o = leg.outcome;
    if (!o) return [];
    const label = ticket.legs.length > 1 ? `Leg ${n + 1} ` : '';
    const number = o.orderNumber ? ` order ${o.orderNumber}` : '';
    const at = o.averagePrice ? ` @ ₹${showPrice(o.averagePrice, leg.instrument.tickSize)}` : '';
    const filled = o.filledQuantity ? `, filled ${o.filledQuantity}${at}` : '';
    const why = o.rejection
      ? `: ${untrusted(o.rejection.text, 200)}`
      : o.reason
        ? `: ${untrusted(o.reason, 200)}`
        : '';
    return [`${label}${leg.instrument.tradingSymbol}:${number} ${o.status}${filled}${why}`];
  });
}

/** A ticket as compact text: id and status, the summary, the orders, the violations, and what to do next. */
export function renderTicket(
  ticket: Ticket,
  path: ConfirmationPath,
  nextStep: string,
  lead?: string,
): string {
  const asked =
    ticket.requestedBy.person === undefined ? '' : ` Requested by ${actorLabel(ticket.requestedBy)}.`;
  const decided = ticket.decidedBy ? ` Decided by ${actorLabel(ticket.decidedBy)}.` : '';
  const lines = [
    ...(lead ? [lead] : []),
    `Ticket ${ticket.id}: ${ticket.status} (confirmation: ${HOW[path]}).${asked}${decided}`,
    ticket.summary,
    ...legLine(ticket),
    ...ticket.violations.map((v) => `- ${v.message}`),
    ...ticket.warnings.map((w) => `Warning: ${w}`),
    ...(ticket.reason && ticket.violations.length === 0 ? [`Reason: ${untrusted(ticket.reason, 400)}`] : []),
    `Next: ${nextStep}`,
  ];
  return lines.join('\n');
}

/** What to do after a ticket reached this status. */
export function nextStepFor(ticket: Ticket): string {
  switch (ticket.status) {
    case 'PENDING':
      return `ask the person to confirm ticket ${ticket.id} before ${ticket.expiresAt}`;
    case 'REFUSED':
      return 'change the order so every check passes and preview again; nothing was sent';
    case 'DECLINED':
      return 'nothing was sent; do not place it again unless the person asks';
    case 'EXPIRED':
      return 'nothing was sent; preview again if the person still wants it';
    case 'NOT_PLACED':
      return "nothing reached the market; read the broker's reason before trying again";
    case 'UNKNOWN':
      return `order outcome unknown: check get_order_status with ticket_id ${ticket.id} before retrying`;
    case 'REJECTED':
      return 'the broker rejected it; read the reason (margin, circuit, quantity) and change the order';
    case 'SUBMITTING':
      return `being sent; check get_order_status with ticket_id ${ticket.id}`;
    default:
      return 'follow the order with get_order_status (order number or ticket id)';
  }
}

/** A link to the whole ticket (legs, margin, checks), which the result's data leaves out. */
export function ticketLink(ticket: Ticket): ResourceLink {
  return {
    type: 'resource_link',
    uri: ticketUri(ticket.id),
    name: `ticket ${ticket.id}`,
    description: 'The whole ticket: legs, margin, checks, who decided; subscribe to follow it.',
    mimeType: 'application/json',
  };
}

/**
 * A reply about a ticket (the tools that make, decide or follow one), with a link to its page on the web desk
 * when the desk runs: where a person watches it and, when it is theirs to decide, decides it.
 */
export function withTicketPage<T>(reply: Reply<T>, desk: WebDeskLinks | undefined): Reply<T> {
  const data = reply.data as { ticketId?: unknown; ticket?: { ticketId?: unknown } };
  const id = data.ticketId ?? data.ticket?.ticketId;
  if (desk === undefined || typeof id !== 'string') return reply;
  const page: ResourceLink = {
    type: 'resource_link',
    uri: desk.ticketUrl(id),
    name: `ticket ${id} on the web desk`,
    description: "Its page on the team's web desk: its life as it happens.",
    mimeType: 'text/html',
  };
  return { ...reply, more: [...(reply.more ?? []), page] };
}

import type { ApprovalChannel, Ticket } from '../../core/gate/index.js';
import type { ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { waitForOutcome } from './outcome.js';
import { tellWhileWaiting } from './progress.js';

/** What the assistant is told to do while a ticket waits for an approver after the call answered. */
export function followStep(ticket: Ticket, channel: string, page?: string): string {
  const where = page === undefined ? '' : ` (its page: ${page})`;
  return (
    `an approver in ${channel}${where} decides; nothing is sent until they approve, and the ticket expires at ${ticket.expiresAt}. ` +
    `Follow it with get_order_status ticket_id ${ticket.id}, or read (or subscribe to) omsdesk://tickets/${ticket.id}; ` +
    'do not place the order again meanwhile'
  );
}

/** Waits for the outcome, or (with `patience`) resolves with the ticket as it stands once that much time passed. */
async function waitAtMost(ctx: ToolContext, ticket: Ticket, patience: number | undefined): Promise<Ticket> {
  const { gate, timings } = ctx.deps;
  if (patience === undefined) return waitForOutcome(gate, ticket.id, timings.settleWaitMs, ctx.signal);
  const enough = new AbortController();
  const timer = setTimeout(() => enough.abort(), patience);
  try {
    const signal = AbortSignal.any([ctx.signal, enough.signal]);
    return await waitForOutcome(gate, ticket.id, timings.settleWaitMs, signal);
  } catch (error) {
    if (enough.signal.aborted && !ctx.signal.aborted) return gate.get(ticket.id) ?? ticket;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Posts the ticket to the approval channel and waits, telling the client of progress, until an approver
 * decides through the gate or the ticket expires; whatever cannot be posted is declined at once. With
 * `patience` (2026-07-28, no session to come back on) the call answers PENDING after that long, saying
 * how to follow the ticket; the ticket keeps waiting for its approver.
 */
export async function confirmByChannel(
  ctx: ToolContext,
  ticket: Ticket,
  channel: ApprovalChannel,
  patience?: number,
): Promise<Decision> {
  const { gate } = ctx.deps;
  try {
    await channel.post(ticket);
  } catch {
    const why = `the ticket could not be posted to ${channel.name}`;
    const declined = await gate
      .decline(ticket.id, { channel: channel.name, id: 'omsdesk' }, why)
      .catch(() => gate.get(ticket.id) ?? ticket);
    return { ticket: declined, lead: `Not placed: ${why}.` };
  }
  const stop = tellWhileWaiting(ctx, ticket, `an approver in ${channel.name}`);
  try {
    const decided = await waitAtMost(ctx, ticket, patience);
    if (decided.status === 'PENDING') {
      return {
        ticket: decided,
        lead: `Posted to ${channel.name}; no approver has decided yet.`,
        nextStep: followStep(decided, channel.name, ctx.deps.webDesk?.ticketUrl(decided.id)),
      };
    }
    const lead =
      decided.status === 'EXPIRED'
        ? `No approver in ${channel.name} decided before the ticket expired; nothing was sent.`
        : `Decided in ${channel.name}.`;
    return { ticket: decided, lead };
  } catch (error) {
    // The assistant stopped waiting: nobody would hear of an approval now, and it may ask again. Its ticket,
    // still waiting, is withdrawn in its name (the card says so); one an approver already took goes on.
    if (ctx.signal.aborted && gate.get(ticket.id)?.status === 'PENDING') {
      const why = `Withdrawn: the assistant that asked for it stopped waiting before an approver in ${channel.name} decided.`;
      await gate.decline(ticket.id, ticket.requestedBy, why).catch(() => undefined);
    }
    throw error;
  } finally {
    stop();
  }
}

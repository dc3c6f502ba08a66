import type { ApprovalChannel, Ticket } from '../../core/gate/index.js';
import type { ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { waitForOutcome } from './outcome.js';
import { tellWhileWaiting } from './progress.js';

/**
 * Posts the ticket to the approval channel and waits, telling the client of progress, until an approver
 * decides through the gate or the ticket expires; whatever cannot be posted is declined at once.
 */
export async function confirmByChannel(
  ctx: ToolContext,
  ticket: Ticket,
  channel: ApprovalChannel,
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
    const decided = await waitForOutcome(gate, ticket.id, ctx.deps.timings.settleWaitMs, ctx.extra.signal);
    const lead =
      decided.status === 'EXPIRED'
        ? `No approver in ${channel.name} decided before the ticket expired; nothing was sent.`
        : `Decided in ${channel.name}.`;
    return { ticket: decided, lead };
  } catch (error) {
    // The assistant stopped waiting: nobody would hear of an approval now, and it may ask again. Its ticket,
    // still waiting, is withdrawn in its name (the card says so); one an approver already took goes on.
    if (ctx.extra.signal.aborted && gate.get(ticket.id)?.status === 'PENDING') {
      const why = `Withdrawn: the assistant that asked for it stopped waiting before an approver in ${channel.name} decided.`;
      await gate.decline(ticket.id, ticket.requestedBy, why).catch(() => undefined);
    }
    throw error;
  } finally {
    stop();
  }
}

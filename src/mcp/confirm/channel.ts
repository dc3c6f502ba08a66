import { showCount } from '../../core/checks/index.js';
import type { ApprovalChannel, Ticket } from '../../core/gate/index.js';
import type { ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { waitForOutcome } from './outcome.js';

/** Sends progress notifications while a call waits, when the client asked for them (a progress token). */
function keepTelling(ctx: ToolContext, ticket: Ticket, where: string): () => void {
  const token = ctx.extra._meta?.progressToken;
  if (token === undefined) return () => undefined;
  let progress = 0;
  const tell = (): void => {
    progress += 1;
    const left = Math.max(0, Math.round((Date.parse(ticket.expiresAt) - ctx.deps.clock.now()) / 1000));
    const message = `waiting for an approver in ${where} to decide on ticket ${ticket.id} (expires in ${showCount(left)} s)`;
    ctx.extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress, message },
      })
      .catch(() => undefined);
  };
  tell();
  const timer = setInterval(tell, ctx.deps.timings.progressIntervalMs);
  return () => clearInterval(timer);
}

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
  const stop = keepTelling(ctx, ticket, channel.name);
  try {
    const decided = await waitForOutcome(gate, ticket.id, ctx.deps.timings.settleWaitMs, ctx.extra.signal);
    const lead =
      decided.status === 'EXPIRED'
        ? `No approver in ${channel.name} decided before the ticket expired; nothing was sent.`
        : `Decided in ${channel.name}.`;
    return { ticket: decided, lead };
  } finally {
    stop();
  }
}

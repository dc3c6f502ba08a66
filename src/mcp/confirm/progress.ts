import { showCount } from '../../core/checks/index.js';
import type { Ticket } from '../../core/gate/index.js';
import type { ToolContext } from '../context.js';

/**
 * While a call waits for `who` to decide on a ticket, sends a progress notification at once and then
 * every `progressIntervalMs`, when the client asked for progress (a progress token): clients that reset
 * their request timeout on progress then wait for a person as long as the ticket lives. Returns the stop.
 */
export function tellWhileWaiting(ctx: ToolContext, ticket: Ticket, who: string): () => void {
  const token = ctx.req.mcpReq._meta?.progressToken;
  if (token === undefined) return () => undefined;
  let progress = 0;
  const tell = (): void => {
    progress += 1;
    const left = Math.max(0, Math.round((Date.parse(ticket.expiresAt) - ctx.deps.clock.now()) / 1000));
    const message = `waiting for ${who} to decide on ticket ${ticket.id} (expires in ${showCount(left)} s)`;
    ctx.req.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress, message },
      })
      .catch(() => undefined);
  };
  tell();
  const timer = setInterval(tell, ctx.deps.timings.progressIntervalMs);
  return () => clearInterval(timer);
}

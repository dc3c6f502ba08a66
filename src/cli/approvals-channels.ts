import type { ApprovalChannel } from '../core/gate/index.js';
import type { Logger } from '../core/logger.js';

/**
 * Where tickets for approvers wait: the web desk, Discord's approvals channel, or both. With both, a
 * ticket waits on the web desk even when its Discord card cannot be posted (logged), and either decides it
 * (the gate takes the first decision only).
 */
export function approvalsChannel(
  web: ApprovalChannel | undefined,
  discord: ApprovalChannel | undefined,
  logger: Logger,
): ApprovalChannel | undefined {
  if (web === undefined || discord === undefined) return web ?? discord;
  return {
    name: `${web.name} or ${discord.name}`,
    async post(ticket) {
      await web.post(ticket);
      await discord.post(ticket).catch((error: unknown) =>
        logger.warn('a ticket could not be posted to Discord; it waits on the web desk', {
          ticket: ticket.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  };
}

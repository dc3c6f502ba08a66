import type { TicketRequest } from '../../core/gate/index.js';
import type { Answer, CommandContext } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { renderCard } from './card.js';

/**
 * The order commands' one path: the gate previews the request into a ticket (every check, margin,
 * summary); a refused one answers the requester with every violation and posts nothing; a pending one
 * gets its card in the approvals channel, and the requester a private reply naming it and linking it.
 */
export async function submitForApproval(ctx: CommandContext, request: TicketRequest): Promise<Answer> {
  const { gate } = ctx.deps;
  const ticket = await gate.preview(request, ctx.actor, ctx.signal, 'discord');
  if (ticket.status !== 'PENDING') {
    return {
      content: `The pre-trade checks refused this order: nothing was sent and no card was posted.\n${ticket.violations
        .map((v) => `- ${escapeMarkdown(v.message)}`)
        .join('\n')}\nNext: change the order so every check passes, then place it again.`,
      embeds: renderCard(ticket).embeds,
    };
  }
  let link: string;
  try {
    link = await ctx.cards.postCard(ticket);
  } catch {
    const why = 'the order card could not be posted in the approvals channel';
    await gate.decline(ticket.id, { channel: 'discord', id: 'omsdesk' }, why).catch(() => undefined);
    return {
      content: `Not placed: ${why}, so no approver could see it. Nothing was sent; try again in a minute.`,
    };
  }
  return {
    content: `Ticket **${ticket.id}** is waiting for an approver: ${link}\nNothing is sent until an approver confirms it on the card.`,
    embeds: renderCard(ticket).embeds,
  };
}

import { type ButtonInteraction, MessageFlags } from 'discord.js';
import { type DecisionSource, isOwnTicket, type Ticket } from '../../core/gate/index.js';
import type { CommandContext } from '../command.js';
import { describeError } from '../errors.js';
import { deciderRefusal } from '../interactions/people-access.js';
import { tellPrivately } from '../interactions/respond.js';
import { NO_MENTIONS } from '../messages.js';
import { escapeMarkdown } from '../text/escape.js';
import { isApprover, memberRoleIds, ownTicket } from './access.js';
import type { Decision } from './buttons.js';
import { outcomeSentence } from './card.js';

/** Why this person may not decide anything here (not the approvals channel, not an approver), if so. */
function accessRefusal(i: ButtonInteraction, ctx: CommandContext): string | undefined {
  const { settings } = ctx.deps;
  if (i.channelId !== settings.approvalsChannel || i.message.channelId !== i.channelId) {
    return 'Orders are decided only on cards in the approvals channel: nothing changed.';
  }
  if (settings.withPeople) return deciderRefusal(ctx.person);
  if (!isApprover(settings, ctx.actor.id, memberRoleIds(i.member))) {
    return 'You are not an approver (OMSDESK_DISCORD_APPROVERS lists who is): the order was not confirmed or rejected, nothing changed.';
  }
  return undefined;
}

/** Four-eyes: the clicker asked for this ticket (as a person with a people file, else as a Discord user). */
function ownByFourEyes(ticket: Ticket, ctx: CommandContext): boolean {
  const { settings } = ctx.deps;
  return settings.withPeople
    ? settings.fourEyes && isOwnTicket(ticket, ctx.actor)
    : ownTicket(settings, ticket, ctx.actor.id);
}

/**
 * A click on Confirm or Reject. Every check runs before anything changes, and the gate decides only on
 * the ticket's own card (`via`): a click elsewhere is refused and recorded. Between reading the ticket as
 * PENDING and calling the gate nothing awaits, so the gate takes it out of PENDING before the click is
 * acknowledged and a second click finds it decided. The card follows the ticket through the gate (at once
 * to "approved, checking and sending", then to the outcome), and the clicker is told the outcome.
 */
export async function decideByClick(
  i: ButtonInteraction,
  decision: Decision,
  id: string,
  ctx: CommandContext,
): Promise<void> {
  const { gate } = ctx.deps;
  const refuse = async (text: string, record: boolean): Promise<void> => {
    if (record) await gate.refuseDecision(id, ctx.actor, text).catch(() => undefined);
    await i.reply({ content: text, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS });
  };
  const denied = accessRefusal(i, ctx);
  if (denied !== undefined) return refuse(denied, true);
  const ticket = gate.get(id);
  if (!ticket) {
    return refuse(
      `Ticket ${id} is not known to this omsdesk process (it restarted since this card was posted, or the ticket is long gone): nothing will be placed from this card. Place the order again.`,
      false,
    );
  }
  if (ticket.status === 'PENDING' && ownByFourEyes(ticket, ctx)) {
    return refuse(
      'Four-eyes rule: you asked for this order, so another approver must decide it. Nothing changed.',
      true,
    );
  }
  const via: DecisionSource = {
    path: 'discord',
    card: { channelId: i.message.channelId, messageId: i.message.id },
  };
  const decided: Promise<Ticket | Error> = (
    decision === 'confirm'
      ? gate.approve(id, ctx.actor, { signal: ctx.signal, via })
      : gate.decline(id, ctx.actor, `rejected in Discord by ${ctx.actor.name ?? ctx.actor.id}`, via)
  ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  // Out of PENDING now means this click decided it: its card shows that; else the gate refuses it.
  if (gate.get(id)?.status === 'PENDING' || ticket.status !== 'PENDING') {
    const outcome = await decided;
    return refuse(describeError(outcome), false);
  }
  await i.deferUpdate().catch((error: unknown) => {
    ctx.deps.logger.warn('could not acknowledge a card click', { error: String(error) });
  });
  const outcome = await decided;
  await tellPrivately(i, outcome instanceof Error ? describeError(outcome) : outcomeSentence(outcome));
}

/**
 * A click on a card's Cancel button: the order is cancelled at once, no confirmation (a cancel removes
 * risk). The gate decides who may: an approver any order, anyone else only the orders they asked for.
 * The clicker is told the outcome; the card follows the order through the watcher.
 */
export async function cancelByClick(
  i: ButtonInteraction,
  orderNumber: string,
  ctx: CommandContext,
): Promise<void> {
  const { settings } = ctx.deps;
  if (i.channelId !== settings.approvalsChannel || i.message.channelId !== i.channelId) {
    return tellPrivately(
      i,
      'Orders are cancelled from cards only in the approvals channel: nothing changed.',
    );
  }
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const approver = isApprover(settings, ctx.actor.id, memberRoleIds(i.member));
  const result = await ctx.deps.gate
    .cancel(orderNumber, { actor: ctx.actor, approver, signal: ctx.signal })
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const text = result instanceof Error ? describeError(result) : escapeMarkdown(result.detail);
  await i.editReply({ content: text, allowedMentions: NO_MENTIONS });
}

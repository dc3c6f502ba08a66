import { type ButtonInteraction, MessageFlags } from 'discord.js';
import type { CommandContext } from '../command.js';
import { describeError } from '../errors.js';
import { tellPrivately } from '../interactions/respond.js';
import { NO_MENTIONS } from '../messages.js';
import { isApprover, memberRoleIds, ownTicket } from './access.js';
import type { Decision } from './buttons.js';

/** Why this person may not decide anything here (another server or channel, not an approver), if so. */
function accessRefusal(i: ButtonInteraction, ctx: CommandContext): string | undefined {
  const { settings } = ctx.deps;
  if (i.guildId !== settings.guildId) return 'This card belongs to another server: nothing changed.';
  if (i.channelId !== settings.approvalsChannel) {
    return 'Orders are decided only on cards in the approvals channel: nothing changed.';
  }
  if (!isApprover(settings, i.user.id, memberRoleIds(i.member))) {
    return 'You are not an approver (OMSDESK_DISCORD_APPROVERS lists who is): the order was not confirmed or rejected, nothing changed.';
  }
  return undefined;
}

/** The gate's own words for a ticket out of PENDING (expired, already decided); such a call changes nothing. */
async function gateRefusal(decision: Decision, id: string, ctx: CommandContext): Promise<string> {
  const { gate } = ctx.deps;
  const call = decision === 'confirm' ? gate.approve(id, ctx.actor) : gate.decline(id, ctx.actor);
  return describeError(
    await call.then(
      () => undefined,
      (error: unknown) => error,
    ),
  );
}

/**
 * A click on Confirm or Reject. Every check runs before anything changes; between reading the ticket as
 * PENDING and calling the gate nothing awaits, so the gate takes it out of PENDING before the click is
 * acknowledged and a second click finds it decided. The card follows the ticket through the gate.
 */
export async function decideByClick(
  i: ButtonInteraction,
  decision: Decision,
  id: string,
  ctx: CommandContext,
): Promise<void> {
  const refuse = (text: string) =>
    i.reply({ content: text, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS });
  const denied = accessRefusal(i, ctx);
  if (denied !== undefined) return void (await refuse(denied));
  const { gate, settings } = ctx.deps;
  const ticket = gate.get(id);
  if (!ticket) {
    return void (await refuse(
      `Ticket ${id} is not known to this omsdesk process (it restarted since this card was posted, or the ticket is long gone): nothing will be placed from this card. Place the order again.`,
    ));
  }
  if (ticket.status !== 'PENDING') return void (await refuse(await gateRefusal(decision, id, ctx)));
  if (ownTicket(settings, ticket, i.user.id)) {
    return void (await refuse(
      'Four-eyes rule: you asked for this order, so another approver must decide it. Nothing changed.',
    ));
  }
  const decided =
    decision === 'confirm'
      ? gate.approve(id, ctx.actor, { signal: ctx.signal })
      : gate.decline(id, ctx.actor, `rejected in Discord by ${i.user.username}`);
  const failure = decided.then(
    () => undefined,
    (error: unknown) => error,
  );
  await i.deferUpdate().catch((error: unknown) => {
    ctx.deps.logger.warn('could not acknowledge a card click', { error: String(error) });
  });
  const error = await failure;
  if (error !== undefined) await tellPrivately(i, describeError(error));
}

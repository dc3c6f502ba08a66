import { SlashCommandBuilder } from 'discord.js';
import { isApprover, memberRoleIds } from '../approvals/access.js';
import type { SlashCommand } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { json } from './options.js';
import { orderNumberOption, typedOrderNumber, workingOrderChoices } from './order-number.js';

/**
 * `/cancel`: cancels a working order at once, with no card: a cancel removes risk, and goes through a
 * halt. A member cancels the orders they asked for, an approver any (one placed outside omsdesk only an
 * approver); the gate decides and audits it with the person.
 */
export const cancelCommand: SlashCommand = {
  name: 'cancel',
  kind: 'order',
  json: json(
    new SlashCommandBuilder()
      .setName('cancel')
      .setDescription('Cancel a working order now (yours, or any as an approver)')
      .addStringOption((o) => orderNumberOption(o)),
  ),
  prepare(i, ctx) {
    const orderNumber = typedOrderNumber(i.options.getString('order_number', true));
    const approver = isApprover(ctx.deps.settings, i.user.id, memberRoleIds(i.member));
    return async () => {
      const result = await ctx.deps.gate.cancel(orderNumber, {
        actor: ctx.actor,
        approver,
        signal: ctx.signal,
      });
      const symbol = result.tradingSymbol ? `${escapeMarkdown(result.tradingSymbol)}: ` : '';
      return { content: `${symbol}${escapeMarkdown(result.detail)}` };
    };
  },
  autocomplete: (i, ctx) => workingOrderChoices(ctx, i.options.getFocused()),
};

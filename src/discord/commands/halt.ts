import { SlashCommandBuilder } from 'discord.js';
import { actorText } from '../approvals/card.js';
import type { SlashCommand } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { json } from './options.js';

/** `/halt`: engages the gate's kill switch (approvers only); recorded in the audit log with who did it. */
export const haltCommand: SlashCommand = {
  name: 'halt',
  kind: 'control',
  json: json(
    new SlashCommandBuilder()
      .setName('halt')
      .setDescription('Stop all order placement until /resume (approvers only)')
      .addStringOption((o) => o.setName('reason').setDescription('Why, for the team').setMaxLength(200)),
  ),
  prepare(i, ctx) {
    const reason = i.options.getString('reason')?.trim();
    return async () => {
      await ctx.deps.gate.setKillSwitch(true, ctx.actor);
      ctx.deps.logger.warn('trading halted from Discord', { by: ctx.actor.id, reason: reason ?? '' });
      return {
        content:
          `Trading is halted by ${actorText(ctx.actor)}${reason ? `: ${escapeMarkdown(reason)}` : ''}. ` +
          'No order is placed, and approvals are refused, until an approver runs /resume.',
      };
    };
  },
};

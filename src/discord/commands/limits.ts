import { SlashCommandBuilder } from 'discord.js';
import { showRupees } from '../../core/checks/index.js';
import type { SlashCommand } from '../command.js';
import { fitEmbed } from '../text/limits.js';
import { json } from './options.js';

const rupees = (v: number | undefined): string => (v === undefined ? '-' : showRupees(v));

/** `/limits`: cash, margin used and the margin available to trade; only the asker sees them. */
export const limitsCommand: SlashCommand = {
  name: 'limits',
  kind: 'account',
  json: json(
    new SlashCommandBuilder().setName('limits').setDescription('Cash, margin used and margin available'),
  ),
  prepare: (_i, ctx) => async () => {
    const l = await ctx.deps.client.getLimits({ signal: ctx.signal });
    return {
      embeds: [
        fitEmbed({
          title: `Available margin: ${showRupees(l.available)}`,
          description: 'cash + pay-in + collateral - margin used',
          fields: [
            { name: 'Cash', value: rupees(l.cash), inline: true },
            { name: 'Pay-in', value: rupees(l.payin), inline: true },
            { name: 'Collateral', value: rupees(l.collateral), inline: true },
            { name: 'Margin used', value: rupees(l.marginUsed), inline: true },
            { name: 'Span', value: rupees(l.span), inline: true },
            { name: 'Exposure', value: rupees(l.exposure), inline: true },
            { name: 'Premium', value: rupees(l.premium), inline: true },
            { name: 'Peak margin', value: rupees(l.peakMargin), inline: true },
          ],
        }),
      ],
    };
  },
};

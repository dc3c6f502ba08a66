import { SlashCommandBuilder } from 'discord.js';
import { showCount } from '../../core/checks/index.js';
import type { CommandContext, SlashCommand, Work } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { pageButtons, slice } from '../text/paging.js';
import { json } from './options.js';

const PAGE_SIZE = 15;

function held(page: number, ctx: CommandContext): Work {
  return async () => {
    const holdings = await ctx.deps.client.getHoldings({ signal: ctx.signal });
    const s = slice(holdings, page, PAGE_SIZE);
    const lines = s.items.map((h) => {
      const names = h.listings.map((l) => `${l.exchange}:${l.tradingSymbol}`).join(', ') || 'unlisted';
      const extra = [
        h.dpQuantity === undefined ? '' : `demat ${showCount(h.dpQuantity)}`,
        h.collateralQuantity ? `collateral ${showCount(h.collateralQuantity)}` : '',
        h.btstQuantity ? `BTST ${showCount(h.btstQuantity)}` : '',
        h.usedQuantity ? `used today ${showCount(h.usedQuantity)}` : '',
      ].filter((x) => x !== '');
      return `${escapeMarkdown(names)}: **${showCount(h.quantity)}**${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
    });
    return {
      embeds: [
        fitEmbed({
          title: `Holdings (${s.total})`,
          description: lines.length > 0 ? lines.join('\n') : 'No holdings.',
        }),
      ],
      components: pageButtons('holdings', s),
    };
  };
}

/** `/holdings`: demat, collateral and unsettled holdings, paged; only the asker sees them. */
export const holdingsCommand: SlashCommand = {
  name: 'holdings',
  kind: 'account',
  json: json(new SlashCommandBuilder().setName('holdings').setDescription('Holdings with their quantities')),
  prepare: (_i, ctx) => held(0, ctx),
  page: (page, _arg, ctx) => held(page, ctx),
};

import { SlashCommandBuilder } from 'discord.js';
import { showCount, showPrice } from '../../core/checks/index.js';
import type { CommandContext, SlashCommand, Work } from '../command.js';
import { escapeMarkdown } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { pageButtons, slice } from '../text/paging.js';
import { json } from './options.js';

const PAGE_SIZE = 15;

function fills(page: number, ctx: CommandContext): Work {
  return async () => {
    const trades = [...(await ctx.deps.client.getTradeBook({ signal: ctx.signal }))].sort((a, b) =>
      (b.fillTime ?? '').localeCompare(a.fillTime ?? ''),
    );
    const s = slice(trades, page, PAGE_SIZE);
    const lines = s.items.map(
      (t) =>
        `${t.fillTime?.slice(11, 19) ?? '--:--:--'} ${t.side} ${showCount(t.fillQuantity)} ` +
        `${escapeMarkdown(`${t.exchange}:${t.tradingSymbol}`)} @ ₹${showPrice(t.fillPrice)} (order \`${t.orderNumber}\`)`,
    );
    return {
      embeds: [
        fitEmbed({
          title: `Fills today (${s.total})`,
          description: lines.length > 0 ? lines.join('\n') : 'No fills today.',
        }),
      ],
      components: pageButtons('trades', s),
    };
  };
}

/** `/trades`: today's fills, newest first, paged; only the asker sees them. */
export const tradesCommand: SlashCommand = {
  name: 'trades',
  kind: 'account',
  json: json(new SlashCommandBuilder().setName('trades').setDescription("Today's fills, newest first")),
  prepare: (_i, ctx) => fills(0, ctx),
  page: (page, _arg, ctx) => fills(page, ctx),
};

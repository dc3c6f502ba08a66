import { SlashCommandBuilder } from 'discord.js';
import type { Exchange } from '../../core/vocabulary/index.js';
import type { CommandContext, SlashCommand, Work } from '../command.js';
import { cleanText, escapeMarkdown } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { pageButtons, slice } from '../text/paging.js';
import { json } from './options.js';

const PAGE_SIZE = 20;

function list(exchange: Exchange, query: string, page: number, ctx: CommandContext): Work {
  return async () => {
    const all = await ctx.deps.client.listIndices(exchange, { signal: ctx.signal });
    const needle = query.toUpperCase();
    const matching = all
      .map((e) => ({ name: cleanText(e.name, 60), token: e.token }))
      .filter((e) => needle === '' || e.name.toUpperCase().includes(needle));
    const s = slice(matching, page, PAGE_SIZE);
    const lines = s.items.map((e) => `${escapeMarkdown(e.name)}: \`${exchange}:${e.token}\``);
    return {
      embeds: [
        fitEmbed({
          title: `${exchange} indices${query === '' ? '' : ` matching "${escapeMarkdown(query)}"`} (${s.total})`,
          description: lines.length > 0 ? lines.join('\n') : 'No index matches.',
          footer: { text: 'Quote one with /quote instrument:EXCHANGE:TOKEN' },
        }),
      ],
      components: pageButtons('indices', s, `${exchange}:${query}`),
    };
  };
}

/** `/indices`: the indices of an exchange with the tokens to quote them by, paged. */
export const indicesCommand: SlashCommand = {
  name: 'indices',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('indices')
      .setDescription('Indices of an exchange with their tokens')
      .addStringOption((o) =>
        o
          .setName('exchange')
          .setDescription('NSE (default) or BSE')
          .setChoices({ name: 'NSE', value: 'NSE' }, { name: 'BSE', value: 'BSE' }),
      )
      .addStringOption((o) =>
        o.setName('query').setDescription('Only names containing this').setMaxLength(40),
      ),
  ),
  prepare(i, ctx) {
    const exchange = (i.options.getString('exchange') ?? 'NSE') as Exchange;
    return list(exchange, i.options.getString('query')?.trim() ?? '', 0, ctx);
  },
  page(page, arg, ctx) {
    const at = arg.indexOf(':');
    return list((at > 0 ? arg.slice(0, at) : 'NSE') as Exchange, at > 0 ? arg.slice(at + 1) : '', page, ctx);
  },
};

import { SlashCommandBuilder } from 'discord.js';
import { showCount, showPrice } from '../../core/checks/index.js';
import type { DepthLevel, Quote } from '../../core/domain/quote.js';
import type { SlashCommand } from '../command.js';
import { resolveInstrument } from '../inputs.js';
import { DATA_LEGEND, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { chosenExchange, exchangeOption, instrumentAutocomplete, instrumentOption, json } from './options.js';

function depth(q: Quote): string {
  const p = (l: DepthLevel | undefined): string =>
    l === undefined ? '-' : `₹${showPrice(l.price, q.tickSize)} × ${showCount(l.quantity)}`;
  const rows = Math.max(q.bids.length, q.asks.length);
  if (rows === 0) return 'no depth';
  return Array.from({ length: rows }, (_, n) => `${p(q.bids[n])}  |  ${p(q.asks[n])}`).join('\n');
}

/** `/quote`: last price, day range, volume, circuit band and 5-level depth of one instrument. */
export const quoteCommand: SlashCommand = {
  name: 'quote',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('quote')
      .setDescription('Last price, day range, circuit band and depth of an instrument')
      .addStringOption((o) => instrumentOption(o))
      .addStringOption((o) => exchangeOption(o)),
  ),
  prepare(i, ctx) {
    const exchange = chosenExchange(i);
    const r = resolveInstrument(ctx.deps.catalog(), i.options.getString('instrument', true), exchange);
    return async () => {
      const q = await ctx.deps.client.getQuote(r.ref, { signal: ctx.signal });
      const price = (v: number | undefined): string =>
        v === undefined ? '-' : `₹${showPrice(v, q.tickSize)}`;
      const at = q.lastTradeTime ? ` at ${q.lastTradeTime.slice(11, 19)} IST` : '';
      const name = q.companyName ? `${external(q.companyName, 80)}\n` : '';
      return {
        embeds: [
          fitEmbed({
            title: `${r.key}: ${price(q.lastPrice)}`,
            description: `${name}Last ${price(q.lastPrice)}${at}`,
            fields: [
              { name: 'Day range', value: `${price(q.dayLow)} - ${price(q.dayHigh)}`, inline: true },
              { name: 'Volume', value: q.volume === undefined ? '-' : showCount(q.volume), inline: true },
              {
                name: 'Circuit band',
                value: `${price(q.lowerCircuit)} - ${price(q.upperCircuit)}`,
                inline: true,
              },
              { name: 'Depth (bids | asks)', value: depth(q) },
              { name: 'Tick / lot', value: `${q.tickSize ?? '-'} / ${q.lotSize ?? '-'}`, inline: true },
            ],
            ...(name === '' ? {} : { footer: { text: DATA_LEGEND } }),
          }),
        ],
      };
    };
  },
  autocomplete: instrumentAutocomplete,
};

import { SlashCommandBuilder } from 'discord.js';
import { showCount } from '../../core/checks/index.js';
import { toIstIso } from '../../core/time/ist.js';
import { CANDLE_INTERVALS, type CandleInterval, candleIntervalMs } from '../../core/vocabulary/index.js';
import type { Answer, SlashCommand } from '../command.js';
import { DeskInputError } from '../errors.js';
import { parseIstTime, resolveInstrument } from '../inputs.js';
import { escapeMarkdown } from '../text/escape.js';
import { clip } from '../text/limits.js';
import { chosenExchange, exchangeOption, instrumentAutocomplete, instrumentOption, json } from './options.js';

/** Bars drawn when no start is given. */
const DEFAULT_BARS = 120;
/** The most bars one chart may span, so a command cannot ask the broker for a year of minutes. */
const MAX_BARS = 5_000;

/** `/candles`: a candlestick chart of a window (PNG with volume bars and IST times) and one summary line. */
export const candlesCommand: SlashCommand = {
  name: 'candles',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('candles')
      .setDescription('Candlestick chart of an instrument over a window (IST)')
      .addStringOption((o) => instrumentOption(o))
      .addStringOption((o) => exchangeOption(o))
      .addStringOption((o) =>
        o
          .setName('interval')
          .setDescription('Bar length: minutes or D for days (default 5)')
          .setChoices(...CANDLE_INTERVALS.map((v) => ({ name: v === 'D' ? 'daily' : `${v} min`, value: v }))),
      )
      .addStringOption((o) =>
        o.setName('from').setDescription('Start, IST: 2026-11-20 09:15, 09:15 or today').setMaxLength(40),
      )
      .addStringOption((o) => o.setName('to').setDescription('End, IST (default now)').setMaxLength(40)),
  ),
  prepare(i, ctx) {
    const exchange = chosenExchange(i);
    const r = resolveInstrument(ctx.deps.catalog(), i.options.getString('instrument', true), exchange);
    const interval = (i.options.getString('interval') ?? '5') as CandleInterval;
    const step = candleIntervalMs(interval);
    const now = ctx.deps.clock.now();
    const toText = i.options.getString('to');
    const fromText = i.options.getString('from');
    const to = toText === null ? now : parseIstTime(toText, now, 'to');
    const from = fromText === null ? to - step * DEFAULT_BARS : parseIstTime(fromText, now, 'from');
    if (from > to)
      throw new DeskInputError('from is after to', 'give a window whose start comes before its end');
    if ((to - from) / step > MAX_BARS) {
      throw new DeskInputError(
        `the window spans more than ${showCount(MAX_BARS)} bars of ${interval === 'D' ? 'a day' : `${interval} min`}`,
        'use a longer interval or a shorter window',
      );
    }
    return async (): Promise<Answer> => {
      const [bars, quote] = await Promise.all([
        ctx.deps.client.getCandles({ ...r.ref, from, to, interval }, { signal: ctx.signal }),
        ctx.deps.client.getQuote(r.ref, { signal: ctx.signal }).catch(() => undefined),
      ]);
      const tick = r.instrument?.tickSize ?? quote?.tickSize;
      const span = `${toIstIso(from).slice(0, 16).replace('T', ' ')} to ${toIstIso(to).slice(11, 16)} IST`;
      const title = `${r.key} ${interval === 'D' ? 'daily' : `${interval} min`}, ${span}`;
      const chart = ctx.deps.renderChart({
        title,
        candles: bars,
        interval,
        ...(tick === undefined ? {} : { tickSize: tick }),
        ...(quote === undefined ? {} : { lastPrice: quote.lastPrice }),
      });
      const name = `${r.key.replace(/[^A-Za-z0-9]+/g, '-')}-${interval}.png`;
      return {
        content: escapeMarkdown(clip(`${r.key} ${chart.summary.replace(/\s+/g, ' ')}`, 400)),
        embeds: [
          {
            title: clip(title, 250),
            image: { url: `attachment://${name}`, width: chart.width, height: chart.height },
          },
        ],
        files: [{ attachment: chart.png, name }],
      };
    };
  },
  autocomplete: instrumentAutocomplete,
};

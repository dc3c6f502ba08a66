import { z } from 'zod';
import { showCount } from '../../core/checks/index.js';
import { toIstIso } from '../../core/time/ist.js';
import { candleIntervalMs } from '../../core/vocabulary/index.js';
import { ToolInputError } from '../errors.js';
import { exchangeField, instrumentField, intervalField, timeField } from '../fields.js';
import { parseIstTime, resolveInstrument } from '../inputs.js';
import { cursorField, decodeCursor, encodeCursor, limitField } from '../paging.js';
import { candlesText, windowStamp } from '../render-candles.js';
import { chartImage } from '../render-chart.js';
import { rowOut, summarize, summaryOut, type WindowSummary } from '../schemas/candles.js';
import { defineTool, READ } from '../tool.js';

/** The summary as data: its first and last bar are the rows'. */
function withoutEnds({ from: _first, to: _last, ...summary }: WindowSummary) {
  return summary;
}

/** The most bars one window may span, so a call cannot ask the broker for a year of minutes. */
const MAX_WINDOW_BARS = 20_000;

/** `get_candles`: a window of OHLC bars, summarised, with a bounded page of rows (newest page first). */
export const getCandlesTool = defineTool({
  name: 'get_candles',
  title: 'Get candles',
  description: 'OHLC bars over a window: a summary, the latest rows (paged back) and a chart.',
  annotations: READ,
  input: {
    instrument: instrumentField,
    exchange: exchangeField,
    interval: intervalField,
    from: timeField('Start (default a page back)'),
    to: timeField('End (default now)'),
    limit: limitField(30, 200),
    cursor: cursorField,
  },
  output: {
    instrument: z.string(),
    interval: z.string(),
    from: z.string(),
    to: z.string(),
    summary: summaryOut.optional(),
    rows: z.array(rowOut),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const now = ctx.deps.clock.now();
    const step = candleIntervalMs(args.interval);
    const to = args.to === undefined ? now : parseIstTime(args.to, now, 'to');
    const from =
      args.from === undefined
        ? to - step * (args.limit * (args.interval === 'D' ? 1.5 : 1))
        : parseIstTime(args.from, now, 'from');
    if (from > to)
      throw new ToolInputError('from is after to', 'give a window whose start comes before its end');
    if ((to - from) / step > MAX_WINDOW_BARS) {
      throw new ToolInputError(
        `the window spans more than ${showCount(MAX_WINDOW_BARS)} bars of ${args.interval}`,
        'use a larger interval or a shorter window',
      );
    }
    const bars = await ctx.deps.client.getCandles(
      { ...r.ref, from, to, interval: args.interval },
      { signal: ctx.signal },
    );
    const skip = decodeCursor(`candles:${r.key}:${args.interval}:${from}:${to}`, args.cursor);
    const end = Math.max(0, bars.length - skip);
    const start = Math.max(0, end - args.limit);
    // An index trades no volume: the zeros it carries are not counts.
    const index = r.instrument?.kind === 'INDEX';
    const withVolume = !index && bars.some((b) => b.volume !== undefined);
    const rows = bars.slice(start, end).map((b) => ({
      time: b.time,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: withVolume ? b.volume : undefined,
    }));
    const s = bars.length > 0 ? summarize(bars, withVolume) : undefined;
    const when = windowStamp(args.interval);
    const text = s
      ? candlesText({
          key: r.key,
          interval: args.interval,
          summary: s,
          rows,
          first: start + 1,
          last: end,
          total: bars.length,
          index,
          ...(r.instrument ? { tick: r.instrument.tickSize } : {}),
        })
      : `${r.key}: no bars between ${when(toIstIso(from))} and ${when(toIstIso(to))} IST (market closed, or before listing).`;
    // The chart shows the whole window: drawn with the first page, not again for each page back.
    const image =
      bars.length > 0 && args.cursor === undefined
        ? await chartImage(
            {
              title: `${r.key} ${args.interval === 'D' ? 'daily' : `${args.interval} min`}, ${when(toIstIso(from))} to ${when(toIstIso(to))} IST`,
              candles: bars,
              interval: args.interval,
              ...(r.instrument ? { tickSize: r.instrument.tickSize } : {}),
            },
            ctx.deps.logger,
          )
        : undefined;
    return {
      data: {
        instrument: r.key,
        interval: args.interval,
        from: toIstIso(from),
        to: toIstIso(to),
        summary: s && withoutEnds(s),
        rows,
        ...(start > 0
          ? {
              nextCursor: encodeCursor(`candles:${r.key}:${args.interval}:${from}:${to}`, skip + rows.length),
            }
          : {}),
      },
      text,
      ...(image ? { more: [image] } : {}),
    };
  },
});

import { z } from 'zod';
import { showCount, showPrice } from '../../core/checks/index.js';
import { toIstIso } from '../../core/time/ist.js';
import { ToolInputError } from '../errors.js';
import { exchangeField, instrumentField, intervalField, timeField } from '../fields.js';
import { instrumentOf, parseIstTime, resolveInstrument } from '../inputs.js';
import { cursorField, decodeCursor, encodeCursor, limitField } from '../paging.js';
import { rowOut, summarize, summaryOut } from '../schemas/candles.js';
import { instrumentOut } from '../schemas/common.js';
import { defineTool, READ } from '../tool.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The most bars one window may span, so a call cannot ask the broker for a year of minutes. */
const MAX_WINDOW_BARS = 20_000;

/** `get_candles`: a window of OHLC bars, summarised, with a bounded page of rows (newest page first). */
export const getCandlesTool = defineTool({
  name: 'get_candles',
  title: 'Get candles',
  description:
    'Price history (OHLC bars) of one instrument over a window, in IST. Answers a summary of the whole window (open, high, low, close, change, volume) and at most `limit` rows, the most recent first page; nextCursor pages back to earlier rows.',
  annotations: READ,
  input: {
    instrument: instrumentField,
    exchange: exchangeField,
    interval: intervalField,
    from: timeField('Window start (default: enough bars before `to` to fill one page)'),
    to: timeField('Window end (default: now)'),
    limit: limitField(30, 200, 'rows'),
    cursor: cursorField,
  },
  output: {
    instrument: instrumentOut,
    interval: z.string(),
    from: z.string().describe('Window start asked for, ISO 8601, IST.'),
    to: z.string().describe('Window end asked for, ISO 8601, IST.'),
    summary: summaryOut.optional().describe('Absent when the window holds no bars.'),
    rows: z.array(rowOut).describe('Oldest first within the page.'),
    nextCursor: z.string().optional().describe('Pass as cursor for the page of earlier rows.'),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const now = ctx.deps.clock.now();
    const step = args.interval === 'D' ? DAY : Number(args.interval) * MINUTE;
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
      { signal: ctx.extra.signal },
    );
    const skip = decodeCursor(`candles:${r.key}:${args.interval}:${from}:${to}`, args.cursor);
    const end = Math.max(0, bars.length - skip);
    const start = Math.max(0, end - args.limit);
    const rows = bars.slice(start, end).map((b) => ({
      time: b.time,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
    }));
    const s = bars.length > 0 ? summarize(bars) : undefined;
    const tick = r.instrument?.tickSize;
    const p = (v: number): string => showPrice(v, tick);
    const text = s
      ? `${r.key} ${args.interval === 'D' ? 'daily' : `${args.interval}-minute`} bars ${s.from.slice(0, 16).replace('T', ' ')} to ${s.to.slice(0, 16).replace('T', ' ')} IST (${s.bars}): ` +
        `open ${p(s.open)}, high ${p(s.high)} at ${s.highAt.slice(11, 16)}, low ${p(s.low)} at ${s.lowAt.slice(11, 16)}, close ${p(s.close)}, ` +
        `change ${s.change >= 0 ? '+' : ''}${p(s.change)} (${s.changePct}%), volume ${showCount(s.volume)}. ` +
        `Rows ${start + 1}-${end} of ${bars.length}${start > 0 ? '; earlier rows with nextCursor' : ''}:\n` +
        rows
          .map(
            (b) =>
              `${b.time.slice(0, 16).replace('T', ' ')} O ${p(b.open)} H ${p(b.high)} L ${p(b.low)} C ${p(b.close)} V ${b.volume ?? '-'}`,
          )
          .join('\n')
      : `${r.key}: no bars between ${toIstIso(from).slice(0, 16)} and ${toIstIso(to).slice(0, 16)} IST (market closed, or before listing).`;
    return {
      data: {
        instrument: instrumentOf(r, r.instrument?.tradingSymbol ?? r.ref.token),
        interval: args.interval,
        from: toIstIso(from),
        to: toIstIso(to),
        summary: s,
        rows,
        ...(start > 0
          ? {
              nextCursor: encodeCursor(`candles:${r.key}:${args.interval}:${from}:${to}`, skip + rows.length),
            }
          : {}),
      },
      text,
    };
  },
});

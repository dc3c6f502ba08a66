import type { Candle } from '../domain/candle.js';
import { formatSlashed } from '../time/ist.js';
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  candleIntervalMs,
  type Exchange,
} from '../vocabulary/index.js';
import { candlesSuccess, type Candle as WireCandle } from '../wire/index.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { request } from './request.js';
import { assertValid, instrumentProblems, type TimeInput, toEpochMs } from './validate.js';

/** A window of candles: instrument, IST instants `from`..`to` (inclusive), interval in minutes or `D`. */
export interface CandleQuery {
  readonly exchange: Exchange;
  readonly token: string;
  readonly from: TimeInput;
  readonly to: TimeInput;
  /** 1, 3, 5, 10, 15, 30, 60, 120, 240 (minutes) or `D`; default 1. */
  readonly interval?: CandleInterval | number;
}

/** Splits `[from, to]` into windows of at most `rows` intervals each; adjacent windows share their edge. */
export function candleWindows(
  fromMs: number,
  toMs: number,
  intervalMs: number,
  rows: number,
): Array<[number, number]> {
  const span = Math.max(intervalMs, intervalMs * Math.max(1, rows - 1));
  const windows: Array<[number, number]> = [];
  for (let start = fromMs; ; start += span) {
    const end = Math.min(toMs, start + span);
    windows.push([start, end]);
    if (end >= toMs) return windows;
  }
}

type MapCandle = (c: WireCandle, path: string) => Candle;

/** Fetches the window page by page (sequentially, paced by the rate limiter) and merges without duplicates, oldest first. */
export async function fetchCandles(
  ctx: ClientContext,
  query: CandleQuery,
  call: CallOptions | undefined,
  map: MapCandle,
): Promise<readonly Candle[]> {
  const label = 'getCandles';
  const fromMs = toEpochMs(query.from);
  const toMs = toEpochMs(query.to);
  const interval = String(query.interval ?? '1');
  const problems = instrumentProblems(query);
  if (fromMs === undefined) problems.push('from must be a Date, epoch milliseconds or an ISO 8601 time');
  if (toMs === undefined) problems.push('to must be a Date, epoch milliseconds or an ISO 8601 time');
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) problems.push('from must not be after to');
  if (!(CANDLE_INTERVALS as readonly string[]).includes(interval)) {
    problems.push(`interval must be one of ${CANDLE_INTERVALS.join(', ')} (got ${interval})`);
  }
  assertValid(label, problems);
  const intervalMs = candleIntervalMs(interval as CandleInterval);
  const byTime = new Map<number, Candle>();
  // A caller's timeout bounds the whole window; without one each page gets the default call deadline.
  const deadlineAt = call?.timeoutMs === undefined ? undefined : ctx.clock.now() + call.timeoutMs;
  for (const [start, end] of candleWindows(
    fromMs as number,
    toMs as number,
    intervalMs,
    ctx.candleRowsPerRequest,
  )) {
    const pageCall: CallOptions = {
      ...call,
      ...(deadlineAt === undefined ? {} : { timeoutMs: Math.max(0, deadlineAt - ctx.clock.now()) }),
    };
    const fields = {
      exchange: query.exchange,
      token: query.token.trim(),
      starttime: formatSlashed(start),
      endtime: formatSlashed(end),
      ...(interval === '1' ? {} : { intrv: interval }),
    };
    const page = await request(ctx, {
      endpoint: 'candles',
      label,
      schema: candlesSuccess,
      noData: 'empty',
      call: pageCall,
      // The last candle moves like a quote.
      share: { kind: 'quotes', key: `candles|${JSON.stringify(fields)}` },
      fields,
      map: (d) => (d.kind === 'ok' ? d.value.map((c, i) => map(c, `[${i}]`)) : []),
    });
    for (const candle of page) if (!byTime.has(candle.epochMs)) byTime.set(candle.epochMs, candle);
  }
  return [...byTime.values()].sort((a, b) => a.epochMs - b.epochMs);
}

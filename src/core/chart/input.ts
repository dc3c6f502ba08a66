import type { Candle } from '../domain/candle.js';
import { CANDLE_INTERVALS, type CandleInterval } from '../vocabulary/index.js';
import type { CandleChartInput } from './types.js';
import { ChartInputError } from './types.js';

/** The most candles one chart draws: past this a bar is under two pixels wide and reads as noise. */
export const MAX_CANDLES = 500;
/** The price step when the caller gives none: the usual NSE/BSE cash tick. */
export const DEFAULT_TICK = 0.05;
// The core keeps prices to 10^-4 rupees, so no tick can be finer.
const FINEST_TICK = 0.0001;

/** A checked chart request: a known interval, a usable tick, and at most MAX_CANDLES candles, oldest first. */
export interface ChartData {
  readonly title: string;
  readonly interval: CandleInterval;
  readonly tick: number;
  /** The candles drawn: the newest MAX_CANDLES of the window, oldest first. */
  readonly candles: readonly Candle[];
  /** How many candles the window held before the cap. */
  readonly total: number;
  /** The price the caller gave, else the last close; undefined for an empty window without one. */
  readonly lastPrice: number | undefined;
  readonly lastPriceGiven: boolean;
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

function candleProblem(c: Candle, i: number): string | undefined {
  if (typeof c !== 'object' || c === null) return `candles[${i}] must be a candle object`;
  if (!Number.isFinite(c.epochMs)) return `candles[${i}].epochMs must be a finite time in milliseconds`;
  for (const field of PRICE_FIELDS) {
    if (!Number.isFinite(c[field])) return `candles[${i}].${field} must be a finite price (got ${c[field]})`;
  }
  if (c.volume !== undefined && !(Number.isFinite(c.volume) && c.volume >= 0)) {
    return `candles[${i}].volume must be a non-negative number or absent (got ${c.volume})`;
  }
  return undefined;
}

/** Checks the request and caps the window; throws ChartInputError naming the first bad value. */
export function prepareChart(input: CandleChartInput): ChartData {
  const interval = String(input.interval).trim().toUpperCase();
  if (!(CANDLE_INTERVALS as readonly string[]).includes(interval)) {
    throw new ChartInputError(
      `interval must be one of ${CANDLE_INTERVALS.join(', ')} (minutes, or D for daily); got ${JSON.stringify(input.interval)}`,
    );
  }
  const tick = input.tickSize ?? DEFAULT_TICK;
  if (!(Number.isFinite(tick) && tick >= FINEST_TICK)) {
    throw new ChartInputError(
      `tickSize must be a price step of at least ${FINEST_TICK}, such as 0.05; got ${tick}`,
    );
  }
  if (input.lastPrice !== undefined && !Number.isFinite(input.lastPrice)) {
    throw new ChartInputError(`lastPrice must be a finite price or absent; got ${input.lastPrice}`);
  }
  if (!Array.isArray(input.candles)) throw new ChartInputError('candles must be an array, oldest first');
  const problem = input.candles.map(candleProblem).find((p) => p !== undefined);
  if (problem !== undefined) throw new ChartInputError(problem);
  const sorted = input.candles.every((c, i, all) => i === 0 || (all[i - 1] as Candle).epochMs <= c.epochMs)
    ? input.candles
    : [...input.candles].sort((a, b) => a.epochMs - b.epochMs);
  const candles = sorted.slice(-MAX_CANDLES);
  const lastClose = candles.at(-1)?.close;
  return {
    title: typeof input.title === 'string' ? input.title : String(input.title),
    interval: interval as CandleInterval,
    tick,
    candles,
    total: sorted.length,
    lastPrice: input.lastPrice ?? lastClose,
    lastPriceGiven: input.lastPrice !== undefined,
  };
}

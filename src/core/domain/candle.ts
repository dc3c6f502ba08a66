import { parseBrokerTime, toIstIso } from '../time/ist.js';
import type { Candle as WireCandle } from '../wire/index.js';
import { FieldError, optNumber, optPrice, reqPrice } from './values.js';

/** One bar of a time series; prices exact to the tick. */
export interface Candle {
  /** The bar's start (ISO 8601, +05:30). */
  readonly time: string;
  readonly epochMs: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly vwap: number | undefined;
  /** Volume traded in the bar (`intv`, else `v`). */
  readonly volume: number | undefined;
  readonly openInterest: number | undefined;
  readonly openInterestChange: number | undefined;
  readonly raw: unknown;
}

/** One wire candle; `ssboe` (epoch seconds) wins over the `time` text. */
export function candleFromWire(c: WireCandle, path: string): Candle {
  const seconds = optNumber(c.ssboe);
  const epochMs = seconds !== undefined && seconds > 0 ? seconds * 1000 : parseBrokerTime(c.time);
  if (epochMs === undefined)
    throw new FieldError(`${path}.time: expected a candle time, got ${JSON.stringify(c.time)}`);
  return {
    time: toIstIso(epochMs),
    epochMs,
    open: reqPrice(c.into, `${path}.into`),
    high: reqPrice(c.inth, `${path}.inth`),
    low: reqPrice(c.intl, `${path}.intl`),
    close: reqPrice(c.intc, `${path}.intc`),
    vwap: optPrice(c.intvwap ?? (c as { intvwrap?: string }).intvwrap),
    volume: optNumber(c.intv) ?? optNumber(c.v),
    openInterest: optNumber(c.oi),
    openInterestChange: optNumber(c.intoi),
    raw: c,
  };
}

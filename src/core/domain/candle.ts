import { parseBrokerTime, toIstIso } from '../time/ist.js';
import { firstText, type Candle as WireCandle } from '../wire/index.js';
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

/** Epoch seconds (`ssboe`, or `ssboi` as the interface also spells it) win over the `time` text. */
function candleEpochMs(c: WireCandle): number | undefined {
  const seconds = optNumber(firstText(c, 'ssboe', 'ssboi'));
  if (seconds !== undefined && seconds > 0) return seconds * 1000;
  return c.time === undefined ? undefined : parseBrokerTime(c.time);
}

/** One wire candle. */
export function candleFromWire(c: WireCandle, path: string): Candle {
  const epochMs = candleEpochMs(c);
  if (epochMs === undefined) {
    const got = JSON.stringify(c.time ?? null);
    throw new FieldError(`${path}.time: expected a candle time (ssboe, ssboi or time), got ${got}`);
  }
  return {
    time: toIstIso(epochMs),
    epochMs,
    open: reqPrice(c.into, `${path}.into`),
    high: reqPrice(c.inth, `${path}.inth`),
    low: reqPrice(c.intl, `${path}.intl`),
    close: reqPrice(c.intc, `${path}.intc`),
    vwap: optPrice(firstText(c, 'intvwap', 'intvwrap')),
    volume: optNumber(c.intv) ?? optNumber(c.v),
    openInterest: optNumber(c.oi),
    openInterestChange: optNumber(c.intoi),
    raw: c,
  };
}

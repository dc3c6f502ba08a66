import type { InstrumentModel } from './instrument-pricing.js';
import { DERIVATIVES } from './reference-derivatives.js';
import { EQUITIES } from './reference-equities.js';
import { streamKey, uniform } from './rng.js';

/** How much an instrument trades on one day and how that volume spreads over the session. */
export interface DayActivity {
  /** Units traded over the whole session. */
  readonly dailyVolume: number;
  /** Cumulative share of the day's volume at the start of each minute; the last entry is 1. */
  readonly cumulative: Float64Array;
  /** Derivatives: open interest in units at the open; 0 for cash and indices. */
  readonly openInterestStart: number;
  /** Share by which open interest grows over the session (it grows with volume). */
  readonly openInterestGrowth: number;
  readonly lotSize: number;
}

const PROFILE = 11;
const LEVEL = 12;
const BSE_SHARE = 0.06;

function dailyLevel(
  model: InstrumentModel,
  spot: number,
  years: number,
): { volume: number; openInterest: number } {
  const i = model.instrument;
  if (i.kind === 'INDEX') return { volume: 0, openInterest: 0 };
  if (i.kind === 'EQ') {
    const shares = EQUITIES.find((e) => e.symbol === i.symbolName)?.dailyVolume ?? 1_000_000;
    return { volume: i.exchange === 'BSE' ? shares * BSE_SHARE : shares, openInterest: 0 };
  }
  const ref = DERIVATIVES.find((d) => d.symbol === i.symbolName);
  const lots = ref?.futureOiLots ?? 10_000;
  if (i.strike === undefined) {
    // The near month carries most of the interest; each later month about a third of the one before.
    const share = Math.exp(-years * 12 * 1.1);
    return { volume: lots * 0.5 * share * i.lotSize, openInterest: lots * share * i.lotSize };
  }
  const width = ref?.index ? 0.04 : 0.07;
  const moneyness = Math.log(i.strike / spot) / width;
  const optionLots =
    (ref?.optionVolumeLots ?? 1_000) * Math.exp(-moneyness * moneyness) * Math.exp(-years * 18);
  return {
    volume: Math.max(1, optionLots) * i.lotSize,
    openInterest: Math.max(1, optionLots * 0.8) * i.lotSize,
  };
}

/** The seeded activity of an instrument on a day; `spot` is the underlying at the open, `years` to expiry. */
export function dayActivity(
  seed: number,
  model: InstrumentModel,
  day: number,
  sessionSeconds: number,
  spot: number,
  years: number,
): DayActivity {
  const minutes = Math.ceil(sessionSeconds / 60);
  const key = streamKey(model.keyHash, PROFILE);
  const weights = new Float64Array(minutes);
  let total = 0;
  for (let m = 0; m < minutes; m++) {
    const x = (m + 0.5) / minutes - 0.5;
    // A U-shaped day: busy at the open and the close, quiet at lunch, with per-minute noise.
    weights[m] = (0.6 + 7.2 * x * x) * (0.4 + 1.2 * uniform(seed, key, day, m));
    total += weights[m] ?? 0;
  }
  const cumulative = new Float64Array(minutes + 1);
  for (let m = 0; m < minutes; m++) cumulative[m + 1] = (cumulative[m] ?? 0) + (weights[m] ?? 0) / total;
  cumulative[minutes] = 1;
  const level = dailyLevel(model, spot, years);
  const levelKey = streamKey(model.keyHash, LEVEL);
  return {
    dailyVolume: level.volume * (0.6 + 0.8 * uniform(seed, levelKey, day, 0)),
    cumulative,
    openInterestStart: level.openInterest * (0.8 + 0.4 * uniform(seed, levelKey, day, 1)),
    openInterestGrowth: level.openInterest > 0 ? 0.15 * uniform(seed, levelKey, day, 2) : 0,
    lotSize: Math.max(1, model.instrument.lotSize),
  };
}

/** Share of the day's volume traded by a second of the session (linear within a minute). */
export function volumeShare(a: DayActivity, second: number): number {
  const last = a.cumulative.length - 1;
  const minute = Math.min(last - 1, Math.floor(second / 60));
  const from = a.cumulative[minute] ?? 0;
  const to = a.cumulative[minute + 1] ?? 1;
  return Math.min(1, from + ((to - from) * Math.min(60, second - minute * 60)) / 60);
}

/** Volume traded by a second of the session, in whole lots. */
export function volumeAt(a: DayActivity, second: number): number {
  return Math.floor((a.dailyVolume * volumeShare(a, second)) / a.lotSize) * a.lotSize;
}

/** Open interest at a second of the session, in whole lots (0 for cash and indices). */
export function openInterestAt(a: DayActivity, second: number): number {
  const units = a.openInterestStart * (1 + a.openInterestGrowth * volumeShare(a, second));
  return Math.floor(units / a.lotSize) * a.lotSize;
}

import type { TradingCalendar } from './calendar.js';
import {
  atmVolatility,
  type InstrumentModel,
  instrumentModel,
  instrumentVolatility,
  RISK_FREE_RATE,
  referencePaths,
  valueFromSpot,
  yearsToExpiry,
} from './instrument-pricing.js';
import type { MoveBook } from './moves.js';
import { type PricePaths, SAMPLE_SECONDS } from './price-path.js';
import { fromTicks, toTicks } from './ticks.js';
import type { PricingInputs, SimInstrument } from './types.js';

/** Prices of instruments in ticks, point by point and at a day's sample points, moves included. */
export interface InstrumentPrices {
  model(instrument: SimInstrument): InstrumentModel;
  /** The price in ticks at `at` (outside sessions: the last close, with any later move). */
  ticksAt(instrument: SimInstrument, at: number): number;
  /** Ticks at the day's sample points, equal to `ticksAt` at each of them. */
  sampleTicks(instrument: SimInstrument, day: number): Int32Array;
  /** The price in ticks at the close of a session day (equal to the day's last sample). */
  closeTicks(instrument: SimInstrument, day: number): number;
  inputs(instrument: SimInstrument, at: number): PricingInputs;
  /** Moves an underlying's path (cash listings, indices) or a derivative alone, so that it trades at `price` at `at`. */
  move(instrument: SimInstrument, price: number, at: number): void;
  /** Changes when a move that can affect the instrument on `day` is added. */
  version(instrument: SimInstrument, day: number): number;
}

/** Instrument prices over a market's paths: derivatives are valued from their underlying at the same instant. */
export function createInstrumentPrices(
  calendar: TradingCalendar,
  seed: number,
  paths: PricePaths,
  moves: MoveBook,
): InstrumentPrices {
  const references = referencePaths();
  const models = new WeakMap<SimInstrument, InstrumentModel>();
  const model = (instrument: SimInstrument): InstrumentModel => {
    let m = models.get(instrument);
    if (!m) {
      m = instrumentModel(instrument, references, seed);
      models.set(instrument, m);
    }
    return m;
  };
  // Time stops between sessions: the instant a price is valued at is the last second reached in a session.
  const valuationInstant = (at: number): { day: number; instant: number } => {
    const { day, second } = calendar.locate(at);
    return { day, instant: calendar.bounds(day).open + second * 1000 };
  };
  // A derivative's own moves multiply its model value; cash listings and indices move with their path.
  const value = (m: InstrumentModel, logSpot: number, atmVol: number, instant: number, at: number): number =>
    m.derivative
      ? valueFromSpot(m, Math.exp(logSpot), instant, atmVol) * Math.exp(moves.shiftAt(m.key, at))
      : Math.exp(logSpot);
  const valueAt = (m: InstrumentModel, at: number): number => {
    const { day, instant } = valuationInstant(at);
    return value(m, paths.logAt(m.path, at), atmVolatility(seed, m.path, day), instant, at);
  };

  return {
    model,
    ticksAt: (instrument, at) => toTicks(valueAt(model(instrument), at), instrument.tickSize),
    sampleTicks(instrument, day) {
      const m = model(instrument);
      const logs = paths.samples(m.path, day);
      const { open } = calendar.bounds(day);
      const atm = atmVolatility(seed, m.path, day);
      const out = new Int32Array(logs.length);
      for (let k = 0; k < logs.length; k++) {
        const instant = open + k * SAMPLE_SECONDS * 1000;
        out[k] = toTicks(value(m, logs[k] ?? 0, atm, instant, instant), instrument.tickSize);
      }
      return out;
    },
    closeTicks(instrument, day) {
      const m = model(instrument);
      const { close } = calendar.bounds(day);
      const log = paths.closeLog(m.path, day);
      return toTicks(value(m, log, atmVolatility(seed, m.path, day), close, close), instrument.tickSize);
    },
    inputs(instrument, at) {
      const m = model(instrument);
      const { day, instant } = valuationInstant(at);
      const spot = Math.exp(paths.logAt(m.path, at));
      const atm = atmVolatility(seed, m.path, day);
      const futures = instrument.kind === 'FUTIDX' || instrument.kind === 'FUTSTK';
      return {
        spot,
        timeToExpiry: yearsToExpiry(instrument, instant),
        rate: RISK_FREE_RATE,
        carry: futures ? m.carry : RISK_FREE_RATE,
        atmVolatility: atm,
        volatility: instrumentVolatility(m, spot, instant, atm),
      };
    },
    move(instrument, price, at) {
      if (!(price > 0) || !Number.isFinite(price)) throw new RangeError(`cannot move a price to ${price}`);
      const m = model(instrument);
      const target = fromTicks(toTicks(price, instrument.tickSize), instrument.tickSize);
      if (m.derivative) moves.add(m.key, at, Math.log(target) - Math.log(valueAt(m, at)));
      else paths.move(m.path, target, at);
    },
    // Move versions are drawn from one increasing counter, so the larger of the two changes with either.
    version: (instrument, day) => {
      const m = model(instrument);
      return Math.max(moves.versionFor(m.path.name, day), moves.versionFor(m.key, day));
    },
  };
}

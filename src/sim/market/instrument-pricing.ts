import { optionPrice, YEAR_MS } from './black-scholes.js';
import type { PathModel } from './price-path.js';
import { EQUITIES } from './reference-equities.js';
import { INDICES } from './reference-indices.js';
import { hashString, normal, streamKey } from './rng.js';
import { smileVolatility } from './smile.js';
import type { SimInstrument } from './types.js';

/** The simulated risk-free rate (annual, continuous): close to the Indian overnight rate. */
export const RISK_FREE_RATE = 0.065;

const DEFAULT_REVERSION = 0.02;
// Futures basis: a seeded constant per contract, a tenth of a percent of carry a year on average.
const BASIS_SD = 0.001;
const VOLATILITY = 4;
const BASIS = 5;

/** What the pricing of one instrument needs, resolved once. */
export interface InstrumentModel {
  readonly instrument: SimInstrument;
  /** `EXCHANGE:TRADINGSYMBOL`: the key of the instrument's own moves and of its seeded activity. */
  readonly key: string;
  readonly keyHash: number;
  readonly path: PathModel;
  readonly derivative: boolean;
  /** Futures cost of carry: the rate plus the contract's seeded basis. */
  readonly carry: number;
}

/** Every underlying's path parameters, by name (`RELIANCE`, `NIFTY`, `INDIAVIX`). */
export function referencePaths(): Map<string, PathModel> {
  const paths = new Map<string, PathModel>();
  for (const e of EQUITIES)
    paths.set(e.symbol, {
      name: e.symbol,
      keyHash: hashString(e.symbol),
      reference: e.price,
      volatility: e.volatility,
      reversion: DEFAULT_REVERSION,
    });
  for (const i of INDICES)
    paths.set(i.symbolName, {
      name: i.symbolName,
      keyHash: hashString(i.symbolName),
      reference: i.price,
      volatility: i.volatility,
      reversion: i.reversion ?? DEFAULT_REVERSION,
    });
  return paths;
}

/** Resolves an instrument to its path and pricing constants; throws for an unknown underlying. */
export function instrumentModel(
  instrument: SimInstrument,
  paths: Map<string, PathModel>,
  seed: number,
): InstrumentModel {
  const path = paths.get(instrument.symbolName);
  if (!path) throw new RangeError(`no price path for ${instrument.exchange}:${instrument.tradingSymbol}`);
  const key = `${instrument.exchange}:${instrument.tradingSymbol}`;
  const keyHash = hashString(key);
  const derivative = instrument.segment === 'FO';
  const basis = derivative ? BASIS_SD * normal(seed, streamKey(keyHash, BASIS), 0, 0) : 0;
  return { instrument, key, keyHash, path, derivative, carry: RISK_FREE_RATE + basis };
}

/** The underlying's at-the-money implied volatility on a day: its path volatility, varied ±10% by day. */
export function atmVolatility(seed: number, path: PathModel, day: number): number {
  return path.volatility * Math.exp(0.1 * normal(seed, streamKey(path.keyHash, VOLATILITY), day, 0));
}

/** Years from `at` to the instrument's expiry (0 without one, or once expired). */
export function yearsToExpiry(instrument: SimInstrument, at: number): number {
  return instrument.expiry === undefined ? 0 : Math.max(0, instrument.expiry - at) / YEAR_MS;
}

/** The implied volatility of an option on the smile; the ATM volatility for anything else. */
export function instrumentVolatility(
  model: InstrumentModel,
  spot: number,
  at: number,
  atmVol: number,
): number {
  const { strike } = model.instrument;
  if (strike === undefined) return atmVol;
  const t = yearsToExpiry(model.instrument, at);
  return smileVolatility(atmVol, strike, spot * Math.exp(RISK_FREE_RATE * t), t);
}

/** The fair value of an instrument given its underlying's price: spot, carried future or Black-Scholes option. */
export function valueFromSpot(model: InstrumentModel, spot: number, at: number, atmVol: number): number {
  const { kind, strike, optionType } = model.instrument;
  if (kind === 'FUTIDX' || kind === 'FUTSTK')
    return spot * Math.exp(model.carry * yearsToExpiry(model.instrument, at));
  if (strike === undefined || optionType === undefined) return spot;
  return optionPrice({
    type: optionType,
    spot,
    strike,
    timeToExpiry: yearsToExpiry(model.instrument, at),
    rate: RISK_FREE_RATE,
    volatility: instrumentVolatility(model, spot, at, atmVol),
  });
}

import { DAY_MS, type OptionType } from '../../core/vocabulary/index.js';
import { normalCdf, normalPdf } from './normal.js';

/** A year of an option's life: 365 calendar days (theta is per one of them). */
export const YEAR_MS = 365 * DAY_MS;

/** Inputs of a European option on a non-dividend spot; times in years, rate and volatility as decimals. */
export interface OptionInputs {
  readonly type: OptionType;
  readonly spot: number;
  readonly strike: number;
  readonly timeToExpiry: number;
  readonly rate: number;
  readonly volatility: number;
}

/** Price and sensitivities: theta per calendar day, vega per volatility point, rho per rate point. */
export interface Greeks {
  readonly price: number;
  readonly delta: number;
  readonly gamma: number;
  readonly theta: number;
  readonly vega: number;
  readonly rho: number;
}

/** The Black-Scholes price alone (the hot path of option quotes and candles). */
export function optionPrice(o: OptionInputs): number {
  const { spot: s, strike: k, timeToExpiry: t, rate: r, volatility: v } = o;
  const discounted = k * Math.exp(-r * Math.max(t, 0));
  if (t <= 0 || v <= 0) return Math.max(0, o.type === 'CE' ? s - discounted : discounted - s);
  const sd = v * Math.sqrt(t);
  const d1 = (Math.log(s / k) + (r + 0.5 * v * v) * t) / sd;
  const d2 = d1 - sd;
  return o.type === 'CE'
    ? s * normalCdf(d1) - discounted * normalCdf(d2)
    : discounted * normalCdf(-d2) - s * normalCdf(-d1);
}

/** The Black-Scholes price and greeks; at or after expiry (or with no volatility) the intrinsic value. */
export function blackScholes(o: OptionInputs): Greeks {
  const { spot: s, strike: k, timeToExpiry: t, rate: r, volatility: v } = o;
  const call = o.type === 'CE';
  if (t <= 0 || v <= 0) {
    const price = optionPrice(o);
    const delta = price > 0 ? (call ? 1 : -1) : 0;
    return { price, delta, gamma: 0, theta: 0, vega: 0, rho: 0 };
  }
  const sqrtT = Math.sqrt(t);
  const d1 = (Math.log(s / k) + (r + 0.5 * v * v) * t) / (v * sqrtT);
  const d2 = d1 - v * sqrtT;
  const discounted = k * Math.exp(-r * t);
  const density = normalPdf(d1);
  const decay = (-s * density * v) / (2 * sqrtT);
  if (call) {
    return {
      price: s * normalCdf(d1) - discounted * normalCdf(d2),
      delta: normalCdf(d1),
      gamma: density / (s * v * sqrtT),
      theta: (decay - r * discounted * normalCdf(d2)) / 365,
      vega: (s * density * sqrtT) / 100,
      rho: (discounted * t * normalCdf(d2)) / 100,
    };
  }
  return {
    price: discounted * normalCdf(-d2) - s * normalCdf(-d1),
    delta: normalCdf(d1) - 1,
    gamma: density / (s * v * sqrtT),
    theta: (decay + r * discounted * normalCdf(-d2)) / 365,
    vega: (s * density * sqrtT) / 100,
    rho: (-discounted * t * normalCdf(-d2)) / 100,
  };
}

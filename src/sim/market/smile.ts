/**
 * The volatility smile: implied volatility = ATM volatility × (1 + CURVATURE·x² − SKEW·x), where
 * x = ln(K/F) / √max(T, one week) is moneyness in units of time. The x² term lifts both wings, the
 * −x term tilts them so that low strikes (puts) carry more volatility than high strikes, as index
 * options do. The multiplier is kept within [0.7, 3].
 */
const CURVATURE = 2;
const SKEW = 0.6;
const MIN_YEARS = 7 / 365;
const MIN_FACTOR = 0.7;
const MAX_FACTOR = 3;

/** Implied volatility of strike `strike` given the forward, the years to expiry and the ATM volatility. */
export function smileVolatility(
  atmVolatility: number,
  strike: number,
  forward: number,
  timeToExpiry: number,
): number {
  const x = Math.log(strike / forward) / Math.sqrt(Math.max(timeToExpiry, MIN_YEARS));
  const factor = 1 + CURVATURE * x * x - SKEW * x;
  return atmVolatility * Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, factor));
}

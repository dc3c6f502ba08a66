import { optionPrice } from './black-scholes.js';
import type { PricingInputs, SimInstrument } from './types.js';

/** A day's price band in ticks; both 0 for indices, which have none. */
export interface CircuitBand {
  readonly lower: number;
  readonly upper: number;
}

const BAND = 0.1;
const FLEX = 0.05;
const OPTION_SPOT_MOVE = 0.1;
const OPTION_VOL_BUMP = 0.1;

/**
 * The circuit band of a day from the previous close (ticks). Cash and futures: ±10% of the previous
 * close, upper rounded down and lower up to the tick grid. Options: from one tick up to the option's
 * value with the underlying 10% in its favour and volatility 10 points higher (`atClose` are the
 * pricing inputs at the previous close). When the day's high or low passes a limit (rare without a `movePrice`), the band flexes
 * outwards by 5% of the previous close at a time, as exchanges relax bands for a trending contract.
 */
export function circuitBand(
  instrument: SimInstrument,
  previousClose: number,
  dayHigh: number,
  dayLow: number,
  atClose: PricingInputs,
): CircuitBand {
  if (instrument.kind === 'INDEX') return { lower: 0, upper: 0 };
  const flexTicks = Math.max(1, Math.round(previousClose * FLEX));
  let lower: number;
  let upper: number;
  if (instrument.strike !== undefined && instrument.optionType !== undefined) {
    const favourable = instrument.optionType === 'CE' ? 1 + OPTION_SPOT_MOVE : 1 - OPTION_SPOT_MOVE;
    const stressed = optionPrice({
      type: instrument.optionType,
      spot: atClose.spot * favourable,
      strike: instrument.strike,
      timeToExpiry: atClose.timeToExpiry,
      rate: atClose.rate,
      volatility: atClose.volatility + OPTION_VOL_BUMP,
    });
    lower = 1;
    upper = Math.max(previousClose + flexTicks, Math.ceil(stressed / instrument.tickSize));
  } else {
    lower = Math.max(1, Math.ceil(previousClose * (1 - BAND) - 1e-9));
    upper = Math.floor(previousClose * (1 + BAND) + 1e-9);
  }
  while (dayHigh > upper) upper += flexTicks;
  while (dayLow < lower) lower = Math.max(1, lower - flexTicks);
  return { lower, upper };
}

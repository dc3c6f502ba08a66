/**
 * A SPAN-like margin model for the span calculator (`/api/spanCalculators`).
 *
 * - Positions are grouped by underlying; cash equities and indices carry no span here.
 * - Each group is revalued in 16 scenarios: the underlying moves by 0, ±1/3, ±2/3 and ±1 scanning
 *   range, each with implied volatility up and down by 25% of itself, plus ±2 ranges with volatility
 *   unchanged, whose losses count at 35%. Scanning range: 9% of spot for indices, 15% for stocks.
 *   Futures are revalued as spot × e^(carry·T); options by Black-Scholes at their own implied volatility.
 * - The group's scan risk is its worst scenario loss, less the value of its long options (paid for up
 *   front, they can only reduce a requirement), and never below the short-option minimum charge:
 *   2% (index) or 5% (stock) of spot per unit of net short options (short units beyond long units).
 *   Gains and losses of opposite positions net within the group.
 * - Exposure: 2% (index) or 3.5% (stock) of spot × (|net futures quantity| + short option quantity).
 * - Results are rupees, rounded to paise; span and exposure are the sums over groups.
 */
import { optionPrice } from './black-scholes.js';
import { toPaise } from './ticks.js';
import type { Market, PricingInputs, SimInstrument } from './types.js';

/** One derivative position: the instrument and its signed net quantity in units (long > 0). */
export interface SpanPosition {
  readonly instrument: SimInstrument;
  readonly netQuantity: number;
}

/** Margin in rupees. */
export interface SpanResult {
  readonly span: number;
  readonly exposure: number;
}

const VOL_SCAN = 0.25;
const EXTREME_SHARE = 0.35;
const MOVES: readonly (readonly [number, number, number])[] = [
  ...[0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1].flatMap((m) => [
    [m, VOL_SCAN, 1] as const,
    [m, -VOL_SCAN, 1] as const,
  ]),
  [2, 0, EXTREME_SHARE],
  [-2, 0, EXTREME_SHARE],
];

interface Leg {
  readonly instrument: SimInstrument;
  readonly quantity: number;
  readonly inputs: PricingInputs;
}

function legValue(leg: Leg, spot: number, volatility: number): number {
  const { instrument: i, inputs } = leg;
  if (i.strike === undefined || i.optionType === undefined)
    return spot * Math.exp(inputs.carry * inputs.timeToExpiry);
  return optionPrice({
    type: i.optionType,
    spot,
    strike: i.strike,
    timeToExpiry: inputs.timeToExpiry,
    rate: inputs.rate,
    volatility,
  });
}

function groupMargin(legs: readonly Leg[]): SpanResult {
  const index = legs.some((l) => l.instrument.kind === 'FUTIDX' || l.instrument.kind === 'OPTIDX');
  const spot = legs[0]?.inputs.spot ?? 0;
  const range = spot * (index ? 0.09 : 0.15);
  const now = legs.map((l) => legValue(l, l.inputs.spot, l.inputs.volatility));
  let worst = 0;
  for (const [move, vol, share] of MOVES) {
    let loss = 0;
    legs.forEach((l, n) => {
      loss -=
        l.quantity * (legValue(l, spot + move * range, l.inputs.volatility * (1 + vol)) - (now[n] ?? 0));
    });
    worst = Math.max(worst, loss * share);
  }
  let longValue = 0;
  let shortUnits = 0;
  let longUnits = 0;
  let futures = 0;
  legs.forEach((l, n) => {
    if (l.instrument.strike === undefined) futures += l.quantity;
    else if (l.quantity > 0) {
      longValue += l.quantity * (now[n] ?? 0);
      longUnits += l.quantity;
    } else shortUnits -= l.quantity;
  });
  const minimum = (index ? 0.02 : 0.05) * spot * Math.max(0, shortUnits - longUnits);
  return {
    span: Math.max(0, worst - longValue, minimum),
    exposure: (index ? 0.02 : 0.035) * spot * (Math.abs(futures) + shortUnits),
  };
}

/** Span and exposure margin of a set of derivative positions at `at` (see the model above). */
export function spanMargin(
  positions: readonly SpanPosition[],
  market: Pick<Market, 'pricingInputs'>,
  at: number,
): SpanResult {
  const groups = new Map<string, Leg[]>();
  for (const { instrument, netQuantity } of positions) {
    if (instrument.segment !== 'FO' || netQuantity === 0) continue;
    const key = instrument.underlying ?? instrument.symbolName;
    const leg = { instrument, quantity: netQuantity, inputs: market.pricingInputs(instrument, at) };
    groups.set(key, [...(groups.get(key) ?? []), leg]);
  }
  let span = 0;
  let exposure = 0;
  for (const legs of groups.values()) {
    const margin = groupMargin(legs);
    span += margin.span;
    exposure += margin.exposure;
  }
  return { span: toPaise(span), exposure: toPaise(exposure) };
}

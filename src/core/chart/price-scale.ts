import { toUnits } from '../price.js';

/** The price range a pane shows and the round prices to mark on its axis, lowest first. */
export interface PriceScale {
  readonly low: number;
  readonly high: number;
  readonly ticks: readonly number[];
}

const UNIT = 10_000; // the core's price units per rupee
const NICE = [1, 2, 2.5, 5];

/** The smallest round step (1, 2, 2.5 or 5 times a power of ten, a whole number of ticks) at least `raw`. */
function niceStep(raw: number, tickUnits: number): number {
  for (let power = -4; power <= 15; power++) {
    for (const m of NICE) {
      const step = Math.round(m * 10 ** power * UNIT);
      if (step >= raw && step % tickUnits === 0) return step;
    }
  }
  // A tick that no round number is a multiple of (say 0.07): count in whole ticks instead.
  for (let power = 0; ; power++) {
    for (const m of [1, 2, 5]) if (m * 10 ** power * tickUnits >= raw) return m * 10 ** power * tickUnits;
  }
}

/**
 * Pads [min, max] a little, widens a flat or tiny range to a readable one around its middle, and picks
 * round ticks on the tick grid, at most `maxTicks` of them.
 */
export function priceScale(min: number, max: number, tick: number, maxTicks: number): PriceScale {
  const tickUnits = toUnits(tick) ?? 1;
  const middle = (min + max) / 2;
  // A flat window or one candle would otherwise fill the pane with a sliver, or divide by zero.
  const minimumSpan = Math.max(10 * tick, Math.abs(middle) * 0.002);
  const span = Math.max(max - min, minimumSpan);
  const pad = span * 0.06;
  const low = middle - span / 2 - pad;
  const high = middle + span / 2 + pad;
  const step = niceStep(((high - low) * UNIT) / Math.max(1, maxTicks), tickUnits);
  const ticks: number[] = [];
  for (let units = Math.ceil((low * UNIT) / step) * step; units <= high * UNIT; units += step) {
    ticks.push(units / UNIT);
  }
  return { low, high, ticks };
}

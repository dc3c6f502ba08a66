/**
 * Prices on the tick grid. Ticks travel as integer counts; a price is rebuilt from integer units of
 * 10^-4 rupees so that 49001 ticks of 0.05 is exactly the double nearest 2450.05.
 */
const UNITS_PER_RUPEE = 10_000;

/** The tick size in integer units of 10^-4 rupees. */
export function tickUnits(tickSize: number): number {
  return Math.round(tickSize * UNITS_PER_RUPEE);
}

/** A price as a whole number of ticks, rounded to the nearest tick and never below one tick. */
export function toTicks(price: number, tickSize: number): number {
  const ticks = Math.round(price / tickSize);
  return Math.max(1, ticks);
}

/** A whole number of ticks back to rupees. */
export function fromTicks(ticks: number, tickSize: number): number {
  return (ticks * tickUnits(tickSize)) / UNITS_PER_RUPEE;
}

/** The nearest price on the tick grid (at least one tick). */
export function onTickGrid(price: number, tickSize: number): number {
  return fromTicks(toTicks(price, tickSize), tickSize);
}

/** The largest grid price not above `price`. */
export function floorToTick(price: number, tickSize: number): number {
  return fromTicks(Math.floor(price / tickSize + 1e-9), tickSize);
}

/** The smallest grid price not below `price`. */
export function ceilToTick(price: number, tickSize: number): number {
  return fromTicks(Math.ceil(price / tickSize - 1e-9), tickSize);
}

/** Rounds rupee amounts to paise (2 decimals), away from float noise. */
export function toPaise(amount: number): number {
  return Math.round(amount * 100) / 100;
}

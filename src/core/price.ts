/**
 * Exact price arithmetic on the tick grid. Prices travel as decimal strings and are compared as
 * integers in units of 10^-SCALE rupees, so 2450.05 is a multiple of 0.05 (in floats it is not).
 */
const SCALE = 4;
const FACTOR = 10 ** SCALE;

/** A decimal string or number as an integer count of 10^-4 rupees; undefined if not a finite decimal. */
export function toUnits(value: string | number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(8) : '') : value.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, SCALE).padEnd(SCALE, '0');
  // Digits beyond the scale must be zero (or float noise from toFixed), else the value is off-grid.
  const rest = fraction.slice(SCALE);
  let units = Number(whole) * FACTOR + Number(kept);
  if (rest !== '' && Number(`0.${rest}`) >= 0.5) units += 1;
  if (!Number.isSafeInteger(units)) return undefined;
  return sign === '-' ? -units : units;
}

/** Units back to a number of rupees. */
export function fromUnits(units: number): number {
  return units / FACTOR;
}

/** True when `price` is an exact multiple of `tick` (both in rupees). */
export function isTickMultiple(price: number | string, tick: number | string): boolean {
  const p = toUnits(price);
  const t = toUnits(tick);
  return p !== undefined && t !== undefined && t > 0 && p % t === 0;
}

/** The nearest price on the tick grid, rounding half away from zero, or towards `mode` when given. */
export function roundToTick(
  price: number,
  tick: number,
  mode: 'nearest' | 'down' | 'up' = 'nearest',
): number {
  const p = toUnits(price);
  const t = toUnits(tick);
  if (p === undefined || t === undefined || t <= 0) return price;
  const q = p / t;
  const steps = mode === 'down' ? Math.floor(q) : mode === 'up' ? Math.ceil(q) : Math.round(q);
  return fromUnits(steps * t);
}

/** The price as the wire wants it: fixed decimals, no float noise (`2450.05`, `0.10`). */
export function formatPrice(price: number, precision = 2): string {
  const units = toUnits(price);
  if (units === undefined) throw new RangeError(`not a finite price: ${price}`);
  return fromUnits(units).toFixed(precision);
}

/** Parses a wire price or amount (at most 4 decimals kept) to a number; undefined if empty or malformed. */
export function parsePrice(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const units = toUnits(text);
  return units === undefined ? undefined : fromUnits(units);
}

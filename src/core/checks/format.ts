import type { Order } from '../domain/order.js';
import { formatPrice, toUnits } from '../price.js';
import type { CheckRule, Violation } from './types.js';

/** Builds a violation. */
export function violation(rule: CheckRule, message: string, numbers: Record<string, number> = {}): Violation {
  return { rule, message, numbers };
}

/** A price as people read it, with at least two decimals and as many as the tick needs (`0.0025`). */
export function showPrice(price: number, tick?: number): string {
  if (!Number.isFinite(price)) return String(price);
  const tickDecimals = tick === undefined ? 0 : decimalsOf(tick);
  const own = decimalsOf(price);
  return formatPrice(price, Math.max(2, tickDecimals, Math.min(own, 4)));
}

/** Rupees with Indian digit grouping: `₹1,23,456.50`. */
export function showRupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A whole number with Indian digit grouping. */
export function showCount(count: number): string {
  return Number.isFinite(count) ? count.toLocaleString('en-IN', { maximumFractionDigits: 4 }) : String(count);
}

/** An order's price as its line shows it: the average fill once filled, else its limit, else its price type. */
export function showOrderPrice(
  o: Pick<Order, 'averagePrice' | 'filledQuantity' | 'price' | 'priceType' | 'tickSize'>,
): string {
  if (o.averagePrice !== undefined && o.filledQuantity > 0)
    return ` filled ${showCount(o.filledQuantity)} @ ₹${showPrice(o.averagePrice, o.tickSize)}`;
  if (o.price) return ` @ ₹${showPrice(o.price, o.tickSize)}`;
  return ` ${o.priceType ?? ''}`.trimEnd();
}

function decimalsOf(value: number): number {
  const units = toUnits(value);
  if (units === undefined) return 0;
  for (let d = 0; d <= 4; d++) if (units % 10 ** (4 - d) === 0) return d;
  return 4;
}

import { ORDER_SIDES, type OrderSide, sideToWire } from '../domain/enums.js';
import { formatPrice, isTickMultiple, toUnits } from '../price.js';
import {
  DEFAULT_RETENTION,
  EXCHANGES,
  type Exchange,
  PRICE_TYPES,
  PRODUCTS,
  type PriceType,
  type Product,
  RETENTIONS,
  type Retention,
  takesLimitPrice,
  takesTrigger,
} from '../vocabulary/index.js';
import type { OrderLeg } from '../wire/index.js';
import { TAG_PATTERN } from './tag.js';

/** An order as a person states it; prices in rupees, quantity in units (not lots). */
export interface OrderRequest {
  readonly exchange: Exchange;
  readonly tradingSymbol: string;
  readonly side: OrderSide;
  readonly quantity: number;
  readonly priceType: PriceType;
  /** Required for `LMT` and `SL-LMT`; omit (or 0) for `MKT` and `SL-MKT`. */
  readonly price?: number;
  /** Required for `SL-LMT` and `SL-MKT`, refused for the others. */
  readonly triggerPrice?: number;
  readonly product: Product;
  /** Defaults to `DAY`. */
  readonly retention?: Retention;
  /** Free text kept after the tag in the broker's `remarks`. */
  readonly remarks?: string;
  /** The tag to find this order by later (3-32 of `A-Z a-z 0-9 : _ . -`); generated when absent. */
  readonly tag?: string;
  /** Decimals of the instrument's prices (security info `pricePrecision`); default 2. */
  readonly pricePrecision?: number;
  /** When given, prices must be multiples of it. */
  readonly tickSize?: number;
}

function priceProblems(name: string, value: number, order: OrderRequest): string[] {
  if (!Number.isFinite(value) || value <= 0)
    return [`${name} must be a positive finite number (got ${value})`];
  const precision = order.pricePrecision ?? 2;
  const units = toUnits(value);
  if (units === undefined || precision > 4 || units % 10 ** (4 - precision) !== 0) {
    return [`${name} ${value} has more decimals than the instrument's precision (${precision})`];
  }
  if (order.tickSize !== undefined && !isTickMultiple(value, order.tickSize)) {
    return [`${name} ${value} is not a multiple of the tick size ${order.tickSize}`];
  }
  return [];
}

/** What is wrong with an order, each problem saying what to fix; empty when it may be sent. */
export function orderProblems(order: OrderRequest): string[] {
  const problems: string[] = [];
  const oneOf = (name: string, value: unknown, allowed: readonly string[]): void => {
    if (!allowed.includes(value as string))
      problems.push(`${name} must be one of ${allowed.join(', ')} (got ${String(value)})`);
  };
  oneOf('exchange', order.exchange, EXCHANGES);
  oneOf('side', order.side, ORDER_SIDES);
  oneOf('priceType', order.priceType, PRICE_TYPES);
  oneOf('product', order.product, PRODUCTS);
  if (order.retention !== undefined) oneOf('retention', order.retention, RETENTIONS);
  if (typeof order.tradingSymbol !== 'string' || order.tradingSymbol.trim() === '') {
    problems.push('tradingSymbol is required (for example RELIANCE-EQ)');
  }
  if (!Number.isSafeInteger(order.quantity) || order.quantity <= 0) {
    problems.push(`quantity must be a positive whole number of units (got ${order.quantity})`);
  }
  if (
    order.pricePrecision !== undefined &&
    !(Number.isInteger(order.pricePrecision) && order.pricePrecision >= 0 && order.pricePrecision <= 4)
  ) {
    problems.push(`pricePrecision must be a whole number from 0 to 4 (got ${order.pricePrecision})`);
  }
  const type = order.priceType;
  if (takesLimitPrice(type)) {
    if (order.price === undefined) problems.push(`price is required for ${type} orders`);
    else problems.push(...priceProblems('price', order.price, order));
  } else if (order.price !== undefined && order.price !== 0) {
    problems.push(
      `price must be omitted for ${String(type)} orders (they execute at the market); use LMT for a limit`,
    );
  }
  if (takesTrigger(type)) {
    if (order.triggerPrice === undefined) problems.push(`triggerPrice is required for ${type} orders`);
    else problems.push(...priceProblems('triggerPrice', order.triggerPrice, order));
  } else if (order.triggerPrice !== undefined) {
    problems.push('triggerPrice applies only to SL-LMT and SL-MKT orders; remove it or change priceType');
  }
  if (order.tag !== undefined && !TAG_PATTERN.test(order.tag)) {
    problems.push(
      'tag must be 3-32 characters of letters, digits and : _ . - (starting with a letter or digit)',
    );
  }
  return problems;
}

/** The spec asks to URL-encode special characters of a trading symbol (such as `&` in `M&M-EQ`). */
export function wireSymbol(symbol: string): string {
  const trimmed = symbol.trim();
  return /^[A-Za-z0-9 ._-]+$/.test(trimmed) ? trimmed : encodeURIComponent(trimmed);
}

/** The wire fields of a valid order, prices formatted exactly at the instrument's precision. */
export function orderLeg(order: OrderRequest, remarks: string): OrderLeg {
  const precision = order.pricePrecision ?? 2;
  const leg: OrderLeg = {
    exchange: order.exchange,
    tradingSymbol: wireSymbol(order.tradingSymbol),
    quantity: String(order.quantity),
    price: formatPrice(takesLimitPrice(order.priceType) ? (order.price ?? 0) : 0, precision),
    product: order.product,
    transactionType: sideToWire(order.side),
    priceType: order.priceType,
    retention: order.retention ?? DEFAULT_RETENTION,
    remarks,
  };
  return takesTrigger(order.priceType) && order.triggerPrice !== undefined
    ? { ...leg, triggerPrice: formatPrice(order.triggerPrice, precision) }
    : leg;
}

import {
  EXCHANGES,
  type Exchange,
  ORDER_STATUSES,
  type OrderStatus,
  PRICE_TYPES,
  PRODUCTS,
  type PriceType,
  type Product,
  REPORT_TYPES,
  RETENTIONS,
  type ReportType,
  type Retention,
  type Side,
} from '../vocabulary/index.js';

/** A known value, or the broker's own text when it is one we do not know (kept, never an error). */
export type Open<T extends string> = T | (string & Record<never, never>);

/** Buy or sell, in the words people use. */
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** An order status as callers see it: the OMS states, or `UNKNOWN` with the raw text kept in `statusText`. */
export type OrderState = OrderStatus | 'UNKNOWN';

/** The broker's `B`/`S` for a side. */
export function sideToWire(side: OrderSide): Side {
  return side === 'BUY' ? 'B' : 'S';
}

/** `B`/`BUY` and `S`/`SELL` in any case; anything else is `UNKNOWN`. */
export function sideFromWire(text: string | undefined): OrderSide | 'UNKNOWN' {
  const key = (text ?? '').trim().toUpperCase();
  if (key === 'B' || key === 'BUY') return 'BUY';
  if (key === 'S' || key === 'SELL') return 'SELL';
  return 'UNKNOWN';
}

const STATUS_ALIASES: Readonly<Record<string, OrderStatus>> = {
  CANCELLED: 'CANCELED',
  CANCEL: 'CANCELED',
  COMPLETED: 'COMPLETE',
  EXECUTED: 'COMPLETE',
  FILLED: 'COMPLETE',
  TRIGGERPENDING: 'TRIGGER_PENDING',
  REJECT: 'REJECTED',
};

const wordKey = (text: string): string =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * An order status in any case or spelling (`CANCELLED` is `CANCELED`). `SUCCESS`, which the spec lists
 * without saying what it means, counts as `COMPLETE` only when the whole quantity is filled.
 */
export function normalizeStatus(
  text: string | undefined,
  fill?: { filled: number; quantity: number },
): OrderState {
  const key = wordKey(text ?? '');
  if ((ORDER_STATUSES as readonly string[]).includes(key)) return key as OrderStatus;
  const alias = STATUS_ALIASES[key];
  if (alias !== undefined) return alias;
  if (key === 'SUCCESS' && fill !== undefined && fill.quantity > 0 && fill.filled >= fill.quantity)
    return 'COMPLETE';
  return 'UNKNOWN';
}

function openEnum<T extends string>(values: readonly T[], text: string | undefined): Open<T> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const upper = text.trim().toUpperCase();
  const known = values.find((value) => value.toUpperCase() === upper || wordKey(value) === wordKey(upper));
  return known ?? text.trim();
}

/** Exchange in any case; an unknown one kept as sent. */
export const normalizeExchange = (text: string | undefined): Open<Exchange> | undefined =>
  openEnum(EXCHANGES, text);
/** Price type in any case (`SL_LMT` reads as `SL-LMT`). */
export const normalizePriceType = (text: string | undefined): Open<PriceType> | undefined =>
  openEnum(PRICE_TYPES, text);
/** Product letter in any case. */
export const normalizeProduct = (text: string | undefined): Open<Product> | undefined =>
  openEnum(PRODUCTS, text);
/** Retention in any case. */
export const normalizeRetention = (text: string | undefined): Open<Retention> | undefined =>
  openEnum(RETENTIONS, text);
const REPORT_ALIASES: Readonly<Record<string, ReportType>> = { CANCELLED: 'Canceled' };

/** Report type in any case (`NEWACK` reads as `NewAck`, `Cancelled` as `Canceled`). */
export const normalizeReportType = (text: string | undefined): Open<ReportType> | undefined =>
  REPORT_ALIASES[wordKey(text ?? '')] ?? openEnum(REPORT_TYPES, text);

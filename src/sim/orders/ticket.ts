import {
  BROKER_TEXTS,
  EXCHANGES,
  PRICE_TYPES,
  PRODUCTS,
  RETENTIONS,
  SIDES,
} from '../../core/vocabulary/index.js';
import type { OrderLeg } from '../../core/wire/index.js';
import { SimFailure } from '../http/failure.js';
import type { Universe } from '../market/types.js';
import type { OrderTerms, OrderTicket } from './types.js';

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const INTEGER = /^\d{1,15}$/;

const invalid = (): SimFailure => new SimFailure(BROKER_TEXTS.invalidInput);

function oneOf<T extends string>(values: readonly T[], text: string): T {
  const value = text.trim();
  if (!(values as readonly string[]).includes(value)) throw invalid();
  return value as T;
}

/** A decimal price; empty counts as 0 where `emptyIsZero` (market orders send "" or "0"). */
function decimal(text: string | undefined, emptyIsZero: boolean): number {
  const value = (text ?? '').trim();
  if (value === '' && emptyIsZero) return 0;
  if (!DECIMAL.test(value)) throw invalid();
  return Number(value);
}

/** A trading symbol as sent: the spec tells clients to URL-encode special characters (`M%26M-EQ`). */
export function decodeSymbol(text: string): string[] {
  const raw = text.trim();
  if (!raw.includes('%')) return [raw];
  try {
    return [decodeURIComponent(raw), raw];
  } catch {
    return [raw];
  }
}

/** The terms a modification sends, parsed by the placement's rules (the same synchronous failures). */
export function parseTerms(fields: {
  readonly quantity: string;
  readonly price?: string | undefined;
  readonly triggerPrice?: string | undefined;
  readonly priceType: string;
}): OrderTerms {
  const priceType = oneOf(PRICE_TYPES, fields.priceType);
  const quantityText = fields.quantity.trim();
  const quantity = Number(quantityText);
  if (!INTEGER.test(quantityText) || !Number.isSafeInteger(quantity) || quantity <= 0) throw invalid();
  const market = priceType === 'MKT' || priceType === 'SL-MKT';
  const stop = priceType === 'SL-LMT' || priceType === 'SL-MKT';
  const price = decimal(fields.price, market);
  if (!market && price <= 0) throw invalid();
  const trigger = decimal(fields.triggerPrice, !stop);
  if (stop && trigger <= 0) throw invalid();
  return { quantity, price: market ? 0 : price, triggerPrice: stop ? trigger : 0, priceType };
}

/**
 * Turns one validated order (strings) into a ticket, or throws the OMS's synchronous failure: a bad
 * enum or number is `Error Occurred : 2 "invalid input"`, an unknown symbol `Invalid Trading Symbol`.
 * Limit prices must be positive, stop orders need a positive trigger; market orders ignore price.
 */
export function parseTicket(leg: OrderLeg, universe: Universe): OrderTicket {
  const exchange = oneOf(EXCHANGES, leg.exchange);
  const product = oneOf(PRODUCTS, leg.product);
  const side = oneOf(SIDES, leg.transactionType);
  const terms = parseTerms(leg);
  const retention = oneOf(RETENTIONS, leg.retention);
  const instrument = decodeSymbol(leg.tradingSymbol)
    .map((symbol) => universe.bySymbol(exchange, symbol))
    .find((i) => i !== undefined);
  if (!instrument) throw new SimFailure(BROKER_TEXTS.invalidTradingSymbol);
  return {
    instrument,
    exchange,
    ...terms,
    product,
    side,
    retention,
    remarks: leg.remarks ?? '',
  };
}

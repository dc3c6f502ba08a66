import type { Instrument } from '../catalogue/index.js';
import type { Exchange, Product } from '../vocabulary/index.js';
import { violation } from './format.js';
import type { OrderIntent, TradingPolicy, Violation } from './types.js';

const PRODUCT_NAMES: Readonly<Record<Product, string>> = {
  C: 'C (delivery)',
  M: 'M (F&O carry-forward)',
  I: 'I (intraday)',
};

/** Which products each segment takes: delivery on cash, carry-forward on F&O, intraday on both. */
export const SEGMENT_PRODUCTS: Readonly<Record<Exchange, readonly Product[]>> = {
  NSE: ['C', 'I'],
  BSE: ['C', 'I'],
  NFO: ['M', 'I'],
};

/** The intent names the instrument it was checked against, and that instrument can be traded. */
export function checkInstrument(intent: OrderIntent, instrument: Instrument): Violation[] {
  const out: Violation[] = [];
  const named = `${intent.exchange}:${intent.tradingSymbol}`;
  const actual = `${instrument.exchange}:${instrument.tradingSymbol}`;
  if (named.toUpperCase() !== actual.toUpperCase()) {
    out.push(
      violation(
        'INSTRUMENT_MISMATCH',
        `The order names ${named} but was checked against ${actual}: resolve it again.`,
      ),
    );
  }
  if (instrument.kind === 'INDEX') {
    out.push(
      violation(
        'NOT_TRADABLE',
        `${actual} is an index and cannot be traded: trade its futures or options on NFO instead.`,
      ),
    );
  }
  return out;
}

/** Allowed exchanges and products (policy), and a product the segment accepts. */
export function checkVenue(intent: OrderIntent, policy: TradingPolicy): Violation[] {
  const out: Violation[] = [];
  if (!policy.allowedExchanges.includes(intent.exchange)) {
    out.push(
      violation(
        'EXCHANGE_NOT_ALLOWED',
        `Exchange ${intent.exchange} is not allowed by policy (allowed: ${list(policy.allowedExchanges)}): add it to OMSDESK_ALLOWED_EXCHANGES to trade there.`,
      ),
    );
  }
  if (!policy.allowedProducts.includes(intent.product)) {
    out.push(
      violation(
        'PRODUCT_NOT_ALLOWED',
        `Product ${PRODUCT_NAMES[intent.product]} is not allowed by policy (allowed: ${list(policy.allowedProducts)}): use an allowed product or add it to OMSDESK_ALLOWED_PRODUCTS.`,
      ),
    );
  }
  const valid = SEGMENT_PRODUCTS[intent.exchange];
  if (!valid.includes(intent.product)) {
    out.push(
      violation(
        'PRODUCT_SEGMENT',
        `Product ${PRODUCT_NAMES[intent.product]} is not available on ${intent.exchange}: use ${valid.map((p) => PRODUCT_NAMES[p]).join(' or ')}.`,
      ),
    );
  }
  return out;
}

function list(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

import { type Exchange, IST_OFFSET_MS } from '../../core/vocabulary/index.js';

const two = (n: number): string => String(n).padStart(2, '0');

/** `YYMMDD` of an instant in India Standard Time. */
export function istDateCode(ms: number): string {
  const d = new Date(ms + IST_OFFSET_MS);
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}

/** The OMS order number: 14 digits, the IST date as `YYMMDD` and an 8-digit sequence. */
export function orderNumber(at: number, sequence: number): string {
  return `${istDateCode(at)}${String(sequence % 100_000_000).padStart(8, '0')}`;
}

const EXCHANGE_PREFIX: Record<Exchange, string> = { NSE: '11', NFO: '12', BSE: '13' };

/** The exchange's order number, 16 digits: a segment prefix and the OMS sequence. */
export function exchangeOrderNumber(exchange: Exchange, sequence: number): string {
  return `${EXCHANGE_PREFIX[exchange]}${String(sequence % 1e14).padStart(14, '0')}`;
}

/** Counters the OMS never reuses, persisted with the orders. */
export interface Sequences {
  order: number;
  fill: number;
}

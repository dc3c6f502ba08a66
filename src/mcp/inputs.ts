import { readIstTime } from '../core/client/validate.js';
import { type OrderSide, sideFromWire } from '../core/domain/enums.js';
import { type ResolvedRef, resolveInstrumentRef } from '../core/gate/index.js';
import type { PriceType, Product } from '../core/vocabulary/index.js';
import { ToolInputError } from './errors.js';

/** An instrument resolved for a broker call (the gate's resolution, shared with the Discord desk). */
export type Resolved = ResolvedRef;

/** Resolves what was typed through the catalogue; unresolved input fails with the candidates. */
export const resolveInstrument = resolveInstrumentRef;

/** `B`/`BUY` and `S`/`SELL`. */
export function toSide(side: 'BUY' | 'SELL' | 'B' | 'S'): OrderSide {
  return side === 'B' || side === 'BUY' ? 'BUY' : 'SELL';
}

/** A side word in its canonical spelling; anything else as it came, for the schema to refuse. */
export function canonicalSide(word: string): string {
  const side = sideFromWire(word);
  return side === 'UNKNOWN' ? word : side;
}

const PRODUCTS: Readonly<Record<string, Product>> = {
  C: 'C',
  DELIVERY: 'C',
  CNC: 'C',
  M: 'M',
  CARRYFORWARD: 'M',
  NRML: 'M',
  I: 'I',
  INTRADAY: 'I',
  MIS: 'I',
};

/** A product word as its letter; anything else as it came, for the schema to refuse. */
export const canonicalProduct = (word: string): string => PRODUCTS[word] ?? word;

/** A product letter from a letter or a word. */
export function toProduct(word: string): Product {
  return PRODUCTS[word] ?? 'C';
}

const PRICE_TYPES: Readonly<Record<string, PriceType>> = {
  LMT: 'LMT',
  LIMIT: 'LMT',
  MKT: 'MKT',
  MARKET: 'MKT',
  'SL-LMT': 'SL-LMT',
  SL: 'SL-LMT',
  'SL-MKT': 'SL-MKT',
  'SL-M': 'SL-MKT',
};

/** A price type word in the broker's spelling; anything else as it came, for the schema to refuse. */
export const canonicalPriceType = (word: string): string => PRICE_TYPES[word] ?? word;

/** The price type named, or the one the given prices imply. */
export function toPriceType(
  word: string | undefined,
  price: number | undefined,
  trigger: number | undefined,
): PriceType {
  if (word !== undefined) return PRICE_TYPES[word] ?? 'LMT';
  if (trigger !== undefined) return price === undefined ? 'SL-MKT' : 'SL-LMT';
  return price === undefined ? 'MKT' : 'LMT';
}

/** An instant from what people type, read in IST: "now", "09:15" (today), dates, date-times, ISO 8601. */
export function parseIstTime(text: string, nowMs: number, field: string): number {
  const ms = readIstTime(text, nowMs);
  if (ms === undefined) {
    throw new ToolInputError(
      `${field} "${text.trim().slice(0, 40)}" is not a time`,
      `write it in IST as "2026-11-20 09:15", "2026-11-20", "09:15" or "now"`,
    );
  }
  return ms;
}

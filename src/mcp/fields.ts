import { z } from 'zod';
import { ORDER_SIDES } from '../core/domain/enums.js';
import { TICKET_ID_PATTERN } from '../core/orders/ticket-id.js';
import {
  CANDLE_INTERVALS,
  EXCHANGES,
  PRICE_TYPES,
  PRODUCTS,
  PRODUCTS_IN_WORDS,
  RETENTIONS,
} from '../core/vocabulary/index.js';
import { canonicalPriceType, canonicalProduct, canonicalSide } from './inputs.js';

const upper = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** Upper-cased and mapped to the one spelling the schema lists, so aliases are accepted without being listed. */
const spelled =
  (canonical: (word: string) => string, dashes = false) =>
  (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const word = value.trim().toUpperCase();
    return canonical(dashes ? word.replace(/[\s_]+/g, '-') : word);
  };

/**
 * A number above 0 and at most `max`. A sanity cap, not a vocabulary: enforced with a clear message but
 * not listed, so tools/list carries the shape of each argument and the words a model must choose from. A
 * whole number lists its bounds (1 and `max`): zod would otherwise list the safe integers' own, negatives
 * included.
 */
export function upTo(max: number, integer = false) {
  const message = `must be above 0 and at most ${max}`;
  if (integer) return z.number().int().min(1, message).max(max, message);
  return z.number().refine((n) => n > 0 && n <= max, { message });
}

/** Text of 1 to `max` characters, trimmed; the bound is enforced, not listed (see `upTo`). */
export function words(max: number) {
  return z
    .string()
    .trim()
    .refine((s) => s.length >= 1 && s.length <= max, { message: `must be 1 to ${max} characters` });
}

/** Text of at most `max` characters, trimmed; the bound is enforced, not listed (see `upTo`). */
export function atMost(max: number) {
  return z
    .string()
    .trim()
    .refine((s) => s.length <= max, { message: `must be at most ${max} characters` });
}

/**
 * The fields of orders and instruments as a model states them, without words: inside a list (the orders
 * of place_multi_order, the positions of calculate_span) the top-level field's words already say it.
 */
export const bare = {
  instrument: words(64),
  exchange: z.preprocess(upper, z.enum(EXCHANGES)).optional(),
  side: z.preprocess(spelled(canonicalSide), z.enum(ORDER_SIDES)),
  quantity: upTo(10_000_000, true),
  product: z.preprocess(spelled(canonicalProduct), z.enum(PRODUCTS)),
  priceType: z.preprocess(spelled(canonicalPriceType, true), z.enum(PRICE_TYPES)).optional(),
  rupees: upTo(1_000_000_000).optional(),
  retention: z.preprocess(upper, z.enum(RETENTIONS)).optional(),
  remarks: z.string().trim().max(40).optional(),
};

/** An instrument as people and models name it (the server's instructions say how, once for every tool). */
export const instrumentField = bare.instrument;

/** Restricts an instrument lookup to one exchange (without one, NSE comes first). */
export const exchangeField = bare.exchange;

/** Buy or sell in any of the usual spellings (B and S too). */
export const sideField = bare.side;

/** The product in letters or words. */
export const productField = bare.product.describe(`${PRODUCTS_IN_WORDS}.`);

/** The price type in broker or everyday words. */
export const priceTypeField = bare.priceType.describe('LMT with a price, else MKT.');

/** How long the order stays in the market (DAY unless said). */
export const retentionField = bare.retention;

/** A candle interval in minutes, or D for daily. */
export const intervalField = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : upper(v)), z.enum(CANDLE_INTERVALS))
  .default('5')
  .describe('Minutes or D (default 5).');

/** A point in time, read as India Standard Time. */
export function timeField(what: string) {
  return atMost(40).optional().describe(`${what}, IST: 2026-11-20 09:15, 09:15 or now.`);
}

/** Units to trade. */
export const quantityField = bare.quantity.describe('Units (lots x lot size).');

/** An omsdesk ticket id in any letter case (ids are case-insensitive), trimmed and upper-cased for use. */
export const ticketIdField = z
  .preprocess(
    upper,
    z.string().regex(TICKET_ID_PATTERN, 'a ticket id is T and 8 letters or digits, as in T7K2M9X4Q'),
  )
  .describe('T and 8 characters, any case.');

import { z } from 'zod';
import { CANDLE_INTERVALS, EXCHANGES, RETENTIONS } from '../core/vocabulary/index.js';

const upper = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const upperDashed = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .trim()
        .toUpperCase()
        .replace(/[\s_]+/g, '-')
    : value;

/** An instrument as people and models name it. */
export const instrumentField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe(
    'A symbol (RELIANCE), EXCHANGE:SYMBOL (NFO:NIFTY24NOV26C24000) or a token (2885); unclear names get suggestions.',
  );

/** Restricts an instrument lookup to one exchange. */
export const exchangeField = z
  .preprocess(upper, z.enum(EXCHANGES))
  .optional()
  .describe('Only this exchange (default: NSE first).');

/** Buy or sell in any of the usual spellings. */
export const sideField = z
  .preprocess(upper, z.enum(['BUY', 'SELL', 'B', 'S']))
  .describe('BUY or SELL (or B, S; any case).');

/** The product in letters or words. */
export const productField = z
  .preprocess(upper, z.enum(['C', 'M', 'I', 'DELIVERY', 'CNC', 'CARRYFORWARD', 'NRML', 'INTRADAY', 'MIS']))
  .describe('C delivery (CNC), M carry-forward for F&O (NRML), I intraday (MIS).');

/** The price type in broker or everyday words. */
export const priceTypeField = z
  .preprocess(upperDashed, z.enum(['LMT', 'MKT', 'SL-LMT', 'SL-MKT', 'LIMIT', 'MARKET', 'SL', 'SL-M']))
  .optional()
  .describe('Default: LMT with a price, else MKT; SL-LMT or SL-MKT with a trigger_price.');

/** How long the order stays in the market. */
export const retentionField = z
  .preprocess(upper, z.enum(RETENTIONS))
  .optional()
  .describe('DAY (default), IOC (immediate or cancel) or EOS (end of session).');

/** A candle interval in minutes, or D for daily. */
export const intervalField = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : upper(v)), z.enum(CANDLE_INTERVALS))
  .default('5')
  .describe('Bar size in minutes, or D for daily (default 5).');

/** A point in time, read as India Standard Time. */
export function timeField(what: string) {
  return z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe(`${what}, IST: "2026-11-20 09:15", "2026-11-20", "09:15" (today), "now" or ISO 8601.`);
}

/** Units to trade. */
export const quantityField = z
  .number()
  .int()
  .positive()
  .max(10_000_000)
  .describe('Units, not lots (shares, or lots x lot size): a multiple of the lot size.');

/** A price in rupees. */
export function rupeesField(what: string) {
  return z
    .number()
    .positive()
    .max(1_000_000_000)
    .optional()
    .describe(`${what}; rupees, a multiple of the tick.`);
}

/** An omsdesk ticket id in any letter case (ids are case-insensitive), trimmed and upper-cased for use. */
export const ticketIdField = z
  .preprocess(
    upper,
    z.string().regex(/^[Tt][A-Za-z0-9]{8}$/, 'a ticket id is T and 8 letters or digits, as in T7K2M9X4Q'),
  )
  .describe('An omsdesk ticket id such as T7K2M9X4Q, in any letter case.');

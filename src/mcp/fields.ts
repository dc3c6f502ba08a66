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
    'The instrument as you would say it: a symbol (RELIANCE), EXCHANGE:SYMBOL (NSE:RELIANCE-EQ, NFO:NIFTY24NOV26C24000) or a numeric token (2885). An unclear name answers with suggestions.',
  );

/** Restricts an instrument lookup to one exchange. */
export const exchangeField = z
  .preprocess(upper, z.enum(EXCHANGES))
  .optional()
  .describe('Only look on this exchange: NSE or BSE (cash), NFO (futures and options). Default: NSE first.');

/** Buy or sell in any of the usual spellings. */
export const sideField = z
  .preprocess(upper, z.enum(['BUY', 'SELL', 'B', 'S']))
  .describe('BUY or SELL (B and S work too, in any case).');

/** The product in letters or words. */
export const productField = z
  .preprocess(upper, z.enum(['C', 'M', 'I', 'DELIVERY', 'CNC', 'CARRYFORWARD', 'NRML', 'INTRADAY', 'MIS']))
  .describe('C = delivery (cash, CNC), M = carry-forward (futures and options, NRML), I = intraday (MIS).');

/** The price type in broker or everyday words. */
export const priceTypeField = z
  .preprocess(upperDashed, z.enum(['LMT', 'MKT', 'SL-LMT', 'SL-MKT', 'LIMIT', 'MARKET', 'SL', 'SL-M']))
  .optional()
  .describe(
    'LMT (limit), MKT (market), SL-LMT (stop-loss limit) or SL-MKT (stop-loss market). Default: LMT when price is given, MKT otherwise; SL-LMT/SL-MKT when trigger_price is given.',
  );

/** How long the order stays in the market. */
export const retentionField = z
  .preprocess(upper, z.enum(RETENTIONS))
  .optional()
  .describe('DAY (default: valid for the day), IOC (immediate or cancel) or EOS (end of session).');

/** A candle interval in minutes, or D for daily. */
export const intervalField = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : upper(v)), z.enum(CANDLE_INTERVALS))
  .default('5')
  .describe('Bar size in minutes (1, 3, 5, 10, 15, 30, 60, 120, 240) or D for daily bars. Default 5.');

/** A point in time, read as India Standard Time. */
export function timeField(what: string) {
  return z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe(
      `${what}, in IST (India Standard Time, UTC+05:30): "2026-11-20 09:15", "2026-11-20", "09:15" (today), "now", or ISO 8601 with an offset.`,
    );
}

/** Units to trade. */
export const quantityField = z
  .number()
  .int()
  .positive()
  .max(10_000_000)
  .describe(
    'Quantity in units (shares, or contracts x lot size), not lots. Must be a multiple of the lot size.',
  );

/** A price in rupees. */
export function rupeesField(what: string) {
  return z
    .number()
    .positive()
    .max(1_000_000_000)
    .optional()
    .describe(`${what}. Rupees, a multiple of the tick size.`);
}

/** An omsdesk ticket id in any letter case (ids are case-insensitive), trimmed and upper-cased for use. */
export const ticketIdField = z
  .preprocess(
    upper,
    z.string().regex(/^[Tt][A-Za-z0-9]{8}$/, 'a ticket id is T and 8 letters or digits, as in T7K2M9X4Q'),
  )
  .describe('An omsdesk ticket id such as T7K2M9X4Q, in any letter case.');

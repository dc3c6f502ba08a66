import { z } from 'zod';
import { aliasedObject } from './aliases.js';
import { instrumentHeader, optStr, sessionFields, str } from './common.js';
import { NOREN_QUOTE } from './noren.js';

/** `/apiV2/getQuotes` and `/apiV2/securityInfo` request. */
export const instrumentRequest = z.object({ ...sessionFields, exchange: str, token: str });
export type InstrumentRequest = z.infer<typeof instrumentRequest>;

/** Depth levels the quote carries. */
export const DEPTH_LEVELS = [1, 2, 3, 4, 5] as const;

function depthFields(): Record<string, z.ZodOptional<z.ZodString>> {
  const fields: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const side of ['Buy', 'Sell']) {
    for (const part of ['Price', 'Quantity', 'Order']) {
      for (const level of DEPTH_LEVELS) fields[`best${side}${part}${level}`] = optStr;
    }
  }
  return fields;
}

/**
 * The quote resource; `multipler` is spelled so on the wire, `company` has no description. Noren's own
 * keys (`lp`, `tsym`, `bp1`...) are read as the spec's.
 */
export const quoteData = aliasedObject(
  {
    ...instrumentHeader,
    pricePrecision: optStr,
    tickSize: optStr,
    lotSize: optStr,
    multipler: optStr,
    token: str,
    priceFactor: optStr,
    lastTradedPrice: str,
    isin: optStr,
    upperCircuit: optStr,
    lowerCircuit: optStr,
    dayHighPrice: optStr,
    dayLowPrice: optStr,
    volume: optStr,
    lastTradedQuantity: optStr,
    lastTradeTime: optStr,
    company: optStr,
    ...depthFields(),
  },
  NOREN_QUOTE,
  'lastTradedPrice',
);
export type QuoteData = z.infer<typeof quoteData>;
export const quoteSuccess = z.looseObject({ Status: str, data: quoteData });
export type QuoteSuccess = z.infer<typeof quoteSuccess>;

import { z } from 'zod';
import { optStr, str } from './common.js';

/** One position for the span calculator; expiry `DD-MMM-YYYY`, quantities in units. */
export const spanPosition = z.object({
  exchange: str,
  instname: str,
  symbolName: str,
  expd: str,
  optt: optStr,
  strikePrice: optStr,
  buyQuantity: str,
  sellQuantity: str,
  netQuantity: str,
  product: optStr,
});
export type SpanPosition = z.infer<typeof spanPosition>;

/**
 * `/api/spanCalculators` request: positions in `pos`. The spec's sample gives one position flat in the
 * body instead; the simulator accepts both forms.
 */
export const spanRequest = z.object({
  userId: str,
  actid: str,
  jKey: str,
  product: optStr,
  pos: z.array(spanPosition),
});
export type SpanRequest = z.infer<typeof spanRequest>;

/** Margin result: span and exposure for the positions, and with the account's open positions netted. */
export const spanSuccess = z.looseObject({
  request_time: optStr,
  stat: str,
  span: str,
  expo: str,
  span_trade: optStr,
  expo_trade: optStr,
});
export type SpanSuccess = z.infer<typeof spanSuccess>;

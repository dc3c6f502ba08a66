import { z } from 'zod';
import { optStr, str } from './common.js';
import { orderV1 } from './order-history.js';

/** `/api/tradeBook` request (first generation needs `actid`). */
export const tradeBookV1Request = z.object({ userId: str, actid: str, jKey: str });
export type TradeBookV1Request = z.infer<typeof tradeBookV1Request>;

/** `/apiV2/tradeBook` request. */
export const tradeBookV2Request = z.object({ userId: str, jKey: str });
export type TradeBookV2Request = z.infer<typeof tradeBookV2Request>;

/** First-generation trade: the order's fields plus the fill; `fltm` and `exch_tm` are `dd-mm-yyyy HH:MM:SS`. */
export const tradeV1 = orderV1.extend({
  status: optStr,
  flid: str,
  fltm: optStr,
  flprc: str,
  flqty: str,
  exch_tm: optStr,
});
export type TradeV1 = z.infer<typeof tradeV1>;
export const tradeBookV1Success = z.array(tradeV1);

/** Second-generation trade; `fillTime` and `exchangeUpdateTime` are `dd-mm-yyyy HH:MM:SS`. */
export const tradeV2 = z.looseObject({
  requestTime: optStr,
  userId: optStr,
  exchange: str,
  priceType: optStr,
  retention: optStr,
  product: optStr,
  fillId: str,
  fillTime: optStr,
  transactionType: str,
  tradingSymbol: str,
  quantity: optStr,
  token: optStr,
  fillshares: optStr,
  pricePrecision: optStr,
  lotSize: optStr,
  tickSize: optStr,
  price: optStr,
  fillPrice: str,
  fillQuantity: str,
  remarks: optStr,
  exchordid: optStr,
  orderNumber: str,
  exchangeUpdateTime: optStr,
  priceFactor: optStr,
  orderTime: optStr,
});
export type TradeV2 = z.infer<typeof tradeV2>;
export const tradeBookV2Success = z.looseObject({ Status: str, data: z.array(tradeV2) });
export type TradeBookV2Success = z.infer<typeof tradeBookV2Success>;

import { z } from 'zod';
import { aliasedObject, aliasedStr, ORDER_NUMBER_ALIASES } from './aliases.js';
import { optStr, str } from './common.js';
import { orderV1Fields } from './order-history.js';

/** `/api/tradeBook` request (first generation needs `actid`). */
export const tradeBookV1Request = z.object({ userId: str, actid: str, jKey: str });
export type TradeBookV1Request = z.infer<typeof tradeBookV1Request>;

/** `/apiV2/tradeBook` request. */
export const tradeBookV2Request = z.object({ userId: str, jKey: str });
export type TradeBookV2Request = z.infer<typeof tradeBookV2Request>;

/**
 * First-generation trade: the order's fields plus the fill; `fltm` and `exch_tm` are `dd-mm-yyyy HH:MM:SS`.
 * `flqty` is only in the spec's samples: without it the fill follows from the cumulative `fillshares`.
 */
export const tradeV1 = aliasedObject(
  { ...orderV1Fields, status: optStr, flid: str, fltm: optStr, flprc: str, flqty: optStr, exch_tm: optStr },
  ORDER_NUMBER_ALIASES.v1,
);
export type TradeV1 = z.infer<typeof tradeV1>;
export const tradeBookV1Success = z.array(tradeV1);

/** Second-generation trade; `fillTime` and `exchangeUpdateTime` are `dd-mm-yyyy HH:MM:SS`; `fillQuantity` may be missing. */
export const tradeV2 = aliasedObject(
  {
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
    fillQuantity: optStr,
    remarks: optStr,
    exchordid: optStr,
    orderNumber: aliasedStr('orderNumber', ORDER_NUMBER_ALIASES.v2),
    exchangeUpdateTime: optStr,
    priceFactor: optStr,
    orderTime: optStr,
  },
  ORDER_NUMBER_ALIASES.v2,
);
export type TradeV2 = z.infer<typeof tradeV2>;
export const tradeBookV2Success = z.looseObject({ Status: str, data: z.array(tradeV2) });
export type TradeBookV2Success = z.infer<typeof tradeBookV2Success>;

import { z } from 'zod';
import { aliasedObject, aliasedStr, ORDER_NUMBER_ALIASES } from './aliases.js';
import { optStr, str } from './common.js';
import { NOREN_ORDER_BOOK } from './noren.js';

/** `/apiV2/orderBook` request; `exchange` optionally filters the book. */
export const orderBookRequest = z.object({ userId: str, jKey: str, exchange: optStr });
export type OrderBookRequest = z.infer<typeof orderBookRequest>;

/**
 * One order-book entry; `orderTime` is `HH:MM:SS dd-mm-yyyy`. The field table says `fillshares`, the
 * sample spells it `fillShares`: a reader accepts either. A `norenordno` is read as `orderNumber`, and an
 * entry in Noren's own keys (`exch`, `tsym`, `qty`, `norentm`...) as the spec's.
 */
export const orderBookEntry = aliasedObject(
  {
    userId: optStr,
    orderNumber: aliasedStr('orderNumber', ORDER_NUMBER_ALIASES.v2),
    exchange: str,
    tradingSymbol: str,
    quantity: str,
    transactionType: str,
    priceType: optStr,
    retention: optStr,
    token: optStr,
    lotSize: optStr,
    tickSize: optStr,
    price: optStr,
    product: optStr,
    status: str,
    orderTime: optStr,
    exchordid: optStr,
    fillshares: optStr,
    fillShares: optStr,
    averagePrice: optStr,
    remarks: optStr,
    disclosedQuantity: optStr,
    rejectReason: optStr,
  },
  NOREN_ORDER_BOOK,
);
export type OrderBookEntry = z.infer<typeof orderBookEntry>;
export const orderBookSuccess = z.looseObject({ Status: str, data: z.array(orderBookEntry) });
export type OrderBookSuccess = z.infer<typeof orderBookSuccess>;

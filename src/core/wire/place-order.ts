import { z } from 'zod';
import { aliasedObject, aliasedStr, ORDER_NUMBER_ALIASES } from './aliases.js';
import { optStr, str } from './common.js';

/** The order fields both generations and the multi-order elements share (values as the spec lists). */
export const orderFields = {
  exchange: str,
  tradingSymbol: str,
  quantity: str,
  price: str,
  triggerPrice: optStr,
  product: str,
  transactionType: str,
  priceType: str,
  retention: str,
  remarks: optStr,
};

/** One order inside a multi-order call. */
export const orderLeg = z.object(orderFields);
export type OrderLeg = z.infer<typeof orderLeg>;

/** `/api/placeOrder` request (first generation needs `actid`). */
export const placeOrderV1Request = z.object({ userId: str, actid: str, jKey: str, ...orderFields });
export type PlaceOrderV1Request = z.infer<typeof placeOrderV1Request>;

/** `/apiV2/placeOrder` request. */
export const placeOrderV2Request = z.object({ userId: str, jKey: str, ...orderFields });
export type PlaceOrderV2Request = z.infer<typeof placeOrderV2Request>;

/** First-generation placement: `omsordno` (Noren: `norenordno`) is present only when the order reached the OMS. */
export const placeOrderV1Success = aliasedObject(
  { stat: str, request_time: optStr, omsordno: aliasedStr('omsordno', ORDER_NUMBER_ALIASES.v1) },
  ORDER_NUMBER_ALIASES.v1,
);
export type PlaceOrderV1Success = z.infer<typeof placeOrderV1Success>;

/** Second-generation placement success (a `norenordno` is read as `orderNumber`). */
export const placeOrderV2Success = z.looseObject({
  Status: str,
  data: aliasedObject(
    { requestTime: optStr, orderNumber: aliasedStr('orderNumber', ORDER_NUMBER_ALIASES.v2) },
    ORDER_NUMBER_ALIASES.v2,
  ),
});
export type PlaceOrderV2Success = z.infer<typeof placeOrderV2Success>;

/** `/apiV2/strategies/multiPlaceOrders` request: at most 10 orders in `data`. */
export const multiOrderRequest = z.object({ userId: str, jKey: str, data: z.array(orderLeg) });
export type MultiOrderRequest = z.infer<typeof multiOrderRequest>;

/** One element of a multi-order or straddle answer, in request order: success or failure. */
export const multiOrderElement = z.union([placeOrderV2Success, z.looseObject({ Status: str, data: str })]);
export type MultiOrderElement = z.infer<typeof multiOrderElement>;
export const multiOrderResponse = z.array(multiOrderElement);

/**
 * `/apiV2/strategies/longStraddle` request: expiry `DDMMMYY`. The .NET SDK sends `callStrikePrice` and
 * `putStrikePrice` instead of `strikePrice`.
 */
export const longStraddleRequest = z.object({
  symbol: str,
  strikePrice: optStr,
  callStrikePrice: optStr,
  putStrikePrice: optStr,
  expiry: str,
  product: str,
  quantity: str,
  remarks: optStr,
  jKey: str,
  actId: str,
  userId: optStr,
});
export type LongStraddleRequest = z.infer<typeof longStraddleRequest>;

import { z } from 'zod';
import { optStr, str } from './common.js';
import { placeOrderV2Success } from './place-order.js';

// Neither endpoint is in the spec: these are the bodies the vendor's second-generation SDK posts.

/** `/apiV2/cancelOrder` request. */
export const cancelOrderRequest = z.object({ userId: str, jKey: str, orderNumber: str });
export type CancelOrderRequest = z.infer<typeof cancelOrderRequest>;

/**
 * `/apiV2/modifyOrder` request: the new terms of a working order. Exchange and symbol name the order's
 * instrument (they cannot change it); side, product and retention are not sent and stay the order's.
 */
export const modifyOrderRequest = z.object({
  userId: str,
  jKey: str,
  orderNumber: str,
  exchange: str,
  tradingSymbol: str,
  quantity: str,
  price: optStr,
  triggerPrice: optStr,
  priceType: str,
});
export type ModifyOrderRequest = z.infer<typeof modifyOrderRequest>;

/** Both answer as a placement does: `{Status: "Success", data: {requestTime, orderNumber}}`. */
export const orderChangeSuccess = placeOrderV2Success;
export type OrderChangeSuccess = z.infer<typeof orderChangeSuccess>;

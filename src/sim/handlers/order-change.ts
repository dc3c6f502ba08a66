import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { cancelOrderRequest, modifyOrderRequest } from '../../core/wire/index.js';
import { validateBody } from '../http/validate.js';
import { accountOf, type Route } from '../runtime.js';
import { placedV2 } from './order-entry.js';

/** `/apiV2/cancelOrder` (the vendor SDK's, not the spec's): cancels a working order at once. */
export const cancelOrderRoute: Route = {
  path: ENDPOINTS.cancelOrder.path,
  form: 'v2',
  session: true,
  mutates: true,
  handle(ctx) {
    const body = validateBody(cancelOrderRequest, ctx.body);
    const userId = accountOf(ctx).config.userId;
    return placedV2(ctx.rt.orders.cancel(userId, body.orderNumber, ctx.now), ctx.now);
  },
};

/** `/apiV2/modifyOrder` (the vendor SDK's, not the spec's): new terms for a working order, checked at once. */
export const modifyOrderRoute: Route = {
  path: ENDPOINTS.modifyOrder.path,
  form: 'v2',
  session: true,
  mutates: true,
  handle(ctx) {
    const body = validateBody(modifyOrderRequest, ctx.body);
    const userId = accountOf(ctx).config.userId;
    return placedV2(ctx.rt.orders.modify(userId, body.orderNumber, body, ctx.now), ctx.now);
  },
};

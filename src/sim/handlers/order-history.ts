import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { orderHistoryV1Request, orderHistoryV2Request } from '../../core/wire/index.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { historyV1, historyV2, newestFirst } from '../orders/history-wire.js';
import type { SimOrder } from '../orders/types.js';
import { accountOf, type Route, type RouteContext } from '../runtime.js';

/** The session user's order with this number, or "no data" (another user's order is not theirs to see). */
function orderOf(ctx: RouteContext, orderNumber: string): SimOrder {
  const order = ctx.rt.orders.store.find(accountOf(ctx).config.userId, orderNumber);
  if (!order) throw new SimFailure(BROKER_TEXTS.noData);
  return order;
}

function v1Route(path: string): Route {
  return {
    path,
    form: 'v1Camel',
    session: true,
    handle(ctx) {
      const body = validateBody(orderHistoryV1Request, ctx.body);
      return newestFirst(orderOf(ctx, body.omsordno), historyV1);
    },
  };
}

function v2Route(path: string): Route {
  return {
    path,
    form: 'v2Time',
    session: true,
    handle(ctx) {
      const body = validateBody(orderHistoryV2Request, ctx.body);
      return { Status: 'Success', data: newestFirst(orderOf(ctx, body.orderNumber), historyV2) };
    },
  };
}

/** `/api/singleOrderHistory`: a bare array of first-generation entries, newest first. */
export const orderHistoryV1Route = v1Route(ENDPOINTS.orderHistoryV1.path);
/** `/api/singleOrderList`: the same operation under the spec's heading path. */
export const orderListV1Route = v1Route(ENDPOINTS.orderListV1.path);
/** `/apiV2/singleOrderHistory`: second-generation entries, newest first. */
export const orderHistoryV2Route = v2Route(ENDPOINTS.orderHistoryV2.path);
/** `/apiV2/singleOrderList`: the same operation under the spec's heading path. */
export const orderListV2Route = v2Route(ENDPOINTS.orderListV2.path);

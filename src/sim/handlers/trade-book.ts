import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { tradeBookV1Request, tradeBookV2Request } from '../../core/wire/index.js';
import { istDayStart } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { tradeV1, tradeV2 } from '../orders/trade-wire.js';
import type { SimOrder, SimTrade } from '../orders/types.js';
import { accountOf, type Route, type RouteContext } from '../runtime.js';
import { checkAccountId } from './order-entry.js';

/** Today's trades of the session's user, newest first, each with its order. */
function todaysTrades(ctx: RouteContext): { order: SimOrder; trade: SimTrade }[] {
  const userId = accountOf(ctx).config.userId;
  const store = ctx.rt.orders.store;
  const today = istDayStart(ctx.now);
  const out: { order: SimOrder; trade: SimTrade }[] = [];
  for (const trade of store.tradesOf(userId)) {
    const order = store.find(userId, trade.orderNumber);
    if (order && trade.at >= today) out.push({ order, trade });
  }
  return out.reverse();
}

/** `/api/tradeBook`: a bare array of trades; none is the failure with "no data", as the OMS says it. */
export const tradeBookV1Route: Route = {
  path: ENDPOINTS.tradeBookV1.path,
  form: 'v1Camel',
  session: true,
  handle(ctx) {
    const body = validateBody(tradeBookV1Request, ctx.body);
    checkAccountId(ctx, body.actid);
    const trades = todaysTrades(ctx);
    if (trades.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    return trades.map(({ order, trade }) => tradeV1(order, trade));
  },
};

/** `/apiV2/tradeBook`: `{Status: Success, data: [trade]}`; none is the failure with "no data". */
export const tradeBookV2Route: Route = {
  path: ENDPOINTS.tradeBookV2.path,
  form: 'v2Both',
  session: true,
  handle(ctx) {
    validateBody(tradeBookV2Request, ctx.body);
    const trades = todaysTrades(ctx);
    if (trades.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    return { Status: 'Success', data: trades.map(({ order, trade }) => tradeV2(order, trade, ctx.now)) };
  },
};

import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { holdingsRequest } from '../../core/wire/index.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { holdingEntry, showsHolding } from '../orders/holdings-wire.js';
import { accountOf, type Route } from '../runtime.js';

/** `/apiV2/holdings`: demat holdings with today's buys (BTST) and sells (used), each with its listings. */
export const holdingsRoute: Route = {
  path: ENDPOINTS.holdings.path,
  form: 'v2Time',
  session: true,
  handle(ctx) {
    validateBody(holdingsRequest, ctx.body);
    const universe = ctx.rt.market.universe(ctx.now);
    const held = [...accountOf(ctx).holdings.values()].filter(showsHolding);
    if (held.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    return { Status: 'Success', data: held.map((h) => holdingEntry(h, universe)) };
  },
};

import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { indexListRequest } from '../../core/wire/index.js';
import { timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route } from '../runtime.js';
import { checkExchange } from './instrument-lookup.js';

/** `/api/indexList`: index names and tokens of an exchange. */
export const indexListRoute: Route = {
  path: ENDPOINTS.indexList.path,
  form: 'v1',
  session: true,
  handle(ctx) {
    const body = validateBody(indexListRequest, ctx.body);
    checkExchange(body.exchange);
    const indices = ctx.rt.market.universe(ctx.now).indices(body.exchange);
    if (indices.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    return {
      stat: 'Ok',
      request_time: timeFirst(ctx.now),
      values: indices.map((i) => ({ idxname: i.tradingSymbol, token: i.token })),
    };
  },
};

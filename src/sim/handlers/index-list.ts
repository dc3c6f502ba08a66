import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { indexListRequest } from '../../core/wire/index.js';
import { timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route, RouteContext } from '../runtime.js';
import { checkExchange } from './instrument-lookup.js';
import { SDK_V2_PATHS } from './sdk-paths.js';

/** The index entries (name and token) of the requested exchange, or the OMS's "no data". */
function indexEntries(ctx: RouteContext): { idxname: string; token: string }[] {
  const body = validateBody(indexListRequest, ctx.body);
  checkExchange(body.exchange);
  const indices = ctx.rt.market.universe(ctx.now).indices(body.exchange);
  if (indices.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
  return indices.map((i) => ({ idxname: i.tradingSymbol, token: i.token }));
}

/** `/api/indexList`: index names and tokens of an exchange under `values`. */
export const indexListRoute: Route = {
  path: ENDPOINTS.indexList.path,
  form: 'v1',
  session: true,
  handle: (ctx) => ({ stat: 'Ok', request_time: timeFirst(ctx.now), values: indexEntries(ctx) }),
};

/** `/apiV2/indexList` (the vendor SDK's path): the same entries as `{Status: Success, data: [...]}`. */
export const indexListV2Route: Route = {
  path: SDK_V2_PATHS.indexList,
  form: 'v2',
  session: true,
  rate: 'others',
  handle: (ctx) => ({ Status: 'Success', data: indexEntries(ctx) }),
};

import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { limitsRequest } from '../../core/wire/index.js';
import { money, timeFirst } from '../format.js';
import { validateBody } from '../http/validate.js';
import { accountOf, type Route, type RouteContext } from '../runtime.js';

function limits(ctx: RouteContext, status: string): unknown {
  validateBody(limitsRequest, ctx.body);
  const l = accountOf(ctx).ledger;
  return {
    status,
    data: {
      requestTime: timeFirst(ctx.now),
      cash: money(l.cash),
      payin: money(l.payin),
      marginused: money(l.marginUsed),
      brkcollamt: money(l.brokerCollateral),
      peak_mar: money(l.peakMargin),
      span: money(l.span),
      expo: money(l.exposure),
      premium: money(l.premium),
      collateral: money(l.collateral),
    },
  };
}

/** `/api/V3/limit`: `status: Success`. */
export const limitsV3Route: Route = {
  path: ENDPOINTS.limitsV3.path,
  form: 'limitsV3',
  session: true,
  handle: (ctx) => limits(ctx, 'Success'),
};

/** `/api/V4/limit`: the same fields, `status: success`. */
export const limitsV4Route: Route = {
  path: ENDPOINTS.limitsV4.path,
  form: 'limitsV4',
  session: true,
  handle: (ctx) => limits(ctx, 'success'),
};

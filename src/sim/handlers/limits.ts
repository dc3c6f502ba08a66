import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { limitsRequest, optStr } from '../../core/wire/index.js';
import { money, timeFirst } from '../format.js';
import { validateBody } from '../http/validate.js';
import { accountOf, type Route, type RouteContext } from '../runtime.js';
import { checkAccountId } from './order-entry.js';
import { SDK_V2_PATHS } from './sdk-paths.js';

/** The vendor SDK sends its account id beside the session fields. */
const limitsV2Request = limitsRequest.extend({ actid: optStr });

/** The account-limits fields of the session's account. */
function limitsData(ctx: RouteContext): Record<string, string> {
  const l = accountOf(ctx).ledger;
  return {
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
  };
}

function limits(ctx: RouteContext, status: string): unknown {
  validateBody(limitsRequest, ctx.body);
  return { status, data: limitsData(ctx) };
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

/**
 * `/apiV2/limit` (the vendor SDK's path): the same fields as `{Status: Success, data}`, failures in the
 * second-generation form; an `actid`, when sent, must be the session's account.
 */
export const limitsV2Route: Route = {
  path: SDK_V2_PATHS.limits,
  form: 'v2',
  session: true,
  rate: 'others',
  handle(ctx) {
    const body = validateBody(limitsV2Request, ctx.body);
    if (body.actid !== undefined) checkAccountId(ctx, body.actid);
    return { Status: 'Success', data: limitsData(ctx) };
  },
};

import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { placeOrderV1Request, placeOrderV2Request } from '../../core/wire/index.js';
import { timeFirst } from '../format.js';
import { validateBody } from '../http/validate.js';
import type { Route } from '../runtime.js';
import { checkAccountId, placedV2, placeLeg } from './order-entry.js';

/** `/api/placeOrder`: needs the user's `actid`; answers `omsordno` once the OMS has the order. */
export const placeOrderV1Route: Route = {
  path: ENDPOINTS.placeOrderV1.path,
  form: 'v1Time',
  session: true,
  mutates: true,
  handle(ctx) {
    const body = validateBody(placeOrderV1Request, ctx.body);
    checkAccountId(ctx, body.actid);
    const order = placeLeg(ctx, body);
    return { stat: 'Ok', request_time: timeFirst(ctx.now), omsordno: order.orderNumber };
  },
};

/** `/apiV2/placeOrder`: answers `data.orderNumber`; acknowledged is not accepted (see the history). */
export const placeOrderV2Route: Route = {
  path: ENDPOINTS.placeOrderV2.path,
  form: 'v2',
  session: true,
  mutates: true,
  handle(ctx) {
    const body = validateBody(placeOrderV2Request, ctx.body);
    return placedV2(placeLeg(ctx, body), ctx.now);
  },
};

import { z } from 'zod';
import { ENDPOINTS, MAX_ORDERS_PER_MULTI } from '../../core/vocabulary/index.js';
import { orderLeg, sessionFields } from '../../core/wire/index.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route, RouteContext } from '../runtime.js';
import { failedElement, placedV2, placeLeg } from './order-entry.js';

const head = z.object(sessionFields);

/** One element placed on its own: a malformed element fails alone while the others go through. */
function placeElement(ctx: RouteContext, element: unknown, n: number): unknown {
  try {
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      throw new SimFailure(`Invalid Input : order ${n} is not a JSON object`);
    }
    const leg = validateBody(orderLeg, element as Record<string, unknown>);
    return placedV2(placeLeg(ctx, leg), ctx.now);
  } catch (error) {
    if (error instanceof SimFailure) return failedElement(error.message);
    throw error;
  }
}

/**
 * `/apiV2/strategies/multiPlaceOrders`: up to 10 orders, each answered in order and independently. With
 * 11 or more the call fails as a whole and places nothing: one failure per order sent, saying why.
 */
export const multiOrderRoute: Route = {
  path: ENDPOINTS.multiPlaceOrders.path,
  form: 'multi',
  session: true,
  mutates: true,
  elements: (body) => (Array.isArray(body.data) ? Math.max(1, body.data.length) : 1),
  handle(ctx) {
    const { data, ...rest } = ctx.body;
    validateBody(head, rest);
    if (data === undefined) throw new SimFailure('Invalid Input : data is Missing.');
    if (!Array.isArray(data)) throw new SimFailure('Invalid Input : data must be a list of orders');
    if (data.length === 0) throw new SimFailure('Invalid Input : data holds no orders; nothing was placed');
    if (data.length > MAX_ORDERS_PER_MULTI) {
      throw new SimFailure(
        `Invalid Input : at most ${MAX_ORDERS_PER_MULTI} orders per call, ${data.length} sent; nothing was placed`,
      );
    }
    return data.map((element, n) => placeElement(ctx, element, n + 1));
  },
};

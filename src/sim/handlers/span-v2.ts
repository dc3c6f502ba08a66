import { z } from 'zod';
import { optStr, type SpanPosition, sessionFields, spanPosition } from '../../core/wire/index.js';
import { timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route, RouteContext } from '../runtime.js';
import { checkAccountId } from './order-entry.js';
import { SDK_V2_PATHS } from './sdk-paths.js';
import { spanFigures } from './span.js';

const head = z.object({ ...sessionFields, actid: optStr });

function position(element: unknown, n: number): SpanPosition {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) {
    throw new SimFailure(`Invalid Input : position ${n} is not a JSON object`);
  }
  return validateBody(spanPosition, element as Record<string, unknown>);
}

/** The positions under `data`: a list, or one position object as the SDK's own example passes it. */
function positions(ctx: RouteContext): SpanPosition[] {
  const { data, ...rest } = ctx.body;
  const body = validateBody(head, rest);
  if (body.actid !== undefined) checkAccountId(ctx, body.actid);
  if (data === undefined) throw new SimFailure('Invalid Input : data is Missing.');
  const list = Array.isArray(data) ? data : [data];
  if (list.length === 0) throw new SimFailure('Invalid Input : data holds no positions');
  return list.map((element, n) => position(element, n + 1));
}

/**
 * `/apiV2/spanCalculators` (the vendor SDK's path): the margin result of the positions under `data` for
 * the session's account (no `actid` needed), as `{Status: Success, data: {requestTime, span, ...}}`.
 */
export const spanV2Route: Route = {
  path: SDK_V2_PATHS.span,
  form: 'v2',
  session: true,
  rate: 'others',
  handle(ctx) {
    const figures = spanFigures(ctx, positions(ctx));
    return { Status: 'Success', data: { requestTime: timeFirst(ctx.now), ...figures } };
  },
};

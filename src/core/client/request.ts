import type { Decoded } from '../decode/index.js';
import { ENDPOINTS, type EndpointDef } from '../vocabulary/index.js';
import { abortable, callScope, deadlineOf, Scope } from './call-scope.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { Route } from './prepare.js';
import { type RequestSpec, send } from './send.js';

/** The lane a call runs in and who asks: an order always in `placement`; else the call's, the view's, people. */
function routeOf(ctx: ClientContext, def: EndpointDef, call: CallOptions | undefined): Route {
  const lane = def.places ? 'placement' : (call?.lane ?? ctx.route.lane ?? 'people');
  return { lane, asker: call?.asker ?? ctx.route.asker ?? lane };
}

/**
 * Sends one call: rate limit, session, HTTP exchange, envelope decoding, mapping. A read people may
 * share is joined with an identical one in flight, or answered again while fresh (see `SharedReads`).
 */
export async function request<T, R>(ctx: ClientContext, spec: RequestSpec<T, R>): Promise<R> {
  const def: EndpointDef = ENDPOINTS[spec.endpoint];
  const route = routeOf(ctx, def, spec.call);
  const deadlineAt = deadlineOf(ctx, spec.call);
  const { shared } = ctx;
  if (shared === undefined || spec.share === undefined || def.places) {
    const scope = callScope(ctx, spec.call, deadlineAt);
    try {
      return (await send(ctx, spec, def, route, scope)).value;
    } finally {
      scope.end();
      // An order may have been placed: books and limits read before it are stale.
      if (def.places) shared?.forget(['books', 'limits']);
    }
  }
  const reader = { fresh: route.lane !== 'people', deadlineAt, signal: spec.call?.signal };
  const read = shared.read(spec.share, reader, async (signal) => {
    const scope = new Scope(ctx.closed, signal, deadlineAt);
    try {
      return await send(ctx, spec, def, route, scope);
    } finally {
      scope.end();
    }
  });
  return abortable(ctx, spec.label, callScope(ctx, spec.call, deadlineAt), read);
}

/** The success body of a call whose "no data" means not found (so it never arrives here as a list). */
export function okValue<T>(decoded: Decoded<T>): T {
  if (decoded.kind !== 'ok') throw new Error('no-data answer reached a single-item mapper');
  return decoded.value;
}

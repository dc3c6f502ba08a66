import type { BrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import type { HttpResponse } from '../transport/http.js';
import { classifyNetworkError } from '../transport/network-errors.js';
import { DeadlineExceeded } from '../transport/signals.js';
import type { EndpointDef } from '../vocabulary/index.js';
import { abortError, type Scope } from './call-scope.js';
import type { ClientContext } from './context.js';
import type { Route } from './prepare.js';

/** An answer, or why none came and whether the request may have reached the broker. */
export type Exchanged =
  | { readonly response: HttpResponse }
  | { readonly response?: undefined; readonly error: BrokerError; readonly maybeSent: boolean };

/** One HTTP exchange within the call's deadline; failures are classified, never thrown. */
export async function exchange(
  ctx: ClientContext,
  def: EndpointDef,
  label: string,
  body: object,
  scope: Scope,
  route: Route,
): Promise<Exchanged> {
  const remaining = scope.deadlineAt - ctx.clock.now();
  if (remaining <= 0) {
    return {
      error: brokerError('TIMEOUT', { label, endpoint: def.path, note: 'The call deadline passed' }),
      maybeSent: false,
    };
  }
  try {
    const timeoutMs = Math.min(ctx.timeouts.requestMs, remaining);
    return { response: await ctx.transports[route.lane].post(def.path, body, scope.caller, timeoutMs) };
  } catch (cause) {
    if (scope.aborted) return { error: abortError(ctx, label, def.path), maybeSent: true };
    if (cause instanceof DeadlineExceeded) {
      return { error: brokerError('TIMEOUT', { label, endpoint: def.path, cause }), maybeSent: true };
    }
    const failure = classifyNetworkError(cause);
    const note = failure.errorCode === undefined ? undefined : `(${failure.errorCode})`;
    const error = brokerError(failure.kind, { label, endpoint: def.path, cause, ...(note ? { note } : {}) });
    return { error, maybeSent: failure.maybeSent };
  }
}

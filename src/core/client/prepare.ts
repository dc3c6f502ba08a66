import type { BrokerError } from '../errors.js';
import { isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import type { Session } from '../session/store.js';
import { type RateSlot, SlotBeyondDeadline } from '../transport/rate-limiter.js';
import type { EndpointDef } from '../vocabulary/index.js';
import { abortError, type Scope } from './call-scope.js';
import type { ClientContext } from './context.js';

/** What a request needs before it is sent; a failure here means nothing was sent. */
export type Prepared =
  | { readonly session: Session | undefined; readonly slot: RateSlot; readonly error?: undefined }
  | { readonly error: BrokerError };

/**
 * Gets a session, then a rate slot. In that order: a login takes a slot of its own, so a call holding a
 * slot while it waits for the login could starve it.
 */
export async function prepare(
  ctx: ClientContext,
  def: EndpointDef,
  label: string,
  scope: Scope,
): Promise<Prepared> {
  if (scope.aborted) return { error: abortError(ctx, label, def.path) };
  try {
    // The caller's signal is enough here: a login stops by itself when the client closes.
    const session = def.session ? await ctx.session.current(scope.caller) : undefined;
    const slot = await ctx.limiter.acquire(def.rate, { signal: scope, deadlineAt: scope.deadlineAt });
    return { session, slot };
  } catch (error) {
    if (scope.aborted) return { error: abortError(ctx, label, def.path) };
    // A failed login already had its own retries.
    if (isBrokerError(error)) return { error };
    if (error instanceof SlotBeyondDeadline) {
      const note =
        error.waitMs > 0
          ? `Client-side limit: the next request slot frees in ${error.waitMs} ms, after the call deadline`
          : 'Client-side limit: the call deadline passed while it waited for a request slot';
      return {
        error: brokerError('RATE_LIMITED', { label, endpoint: def.path, note, retryAfterMs: error.waitMs }),
      };
    }
    throw error;
  }
}

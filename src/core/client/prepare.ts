import { BrokerError, isBrokerError } from '../errors.js';
import type { Session } from '../session/store.js';
import type { Lane } from '../transport/lanes.js';
import { type RateSlot, SlotBeyondDeadline } from '../transport/rate-limiter.js';
import type { EndpointDef, RateCategory } from '../vocabulary/index.js';
import { abortError, type Scope } from './call-scope.js';
import type { ClientContext } from './context.js';

/** Where a call runs: its lane and who asks (the key of people's fair queue). */
export interface Route {
  readonly lane: Lane;
  readonly asker: string;
}

/** What a request needs before it is sent; a failure here means nothing was sent. */
export type Prepared =
  | { readonly session: Session | undefined; readonly slot: RateSlot; readonly error?: undefined }
  | { readonly error: BrokerError };

const LIMITED: Readonly<Record<RateCategory, string>> = {
  quotes: 'quotes',
  candles: 'candles',
  others: 'account, book and instrument reads',
  orders: 'orders',
};

/**
 * The refusal of a call whose rate slot cannot come before its deadline, given at once with the
 * limiter's own time for a slot in whole seconds (rounded up, so a retry then finds one).
 */
function refusal(label: string, def: EndpointDef, waitMs: number): BrokerError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message =
    `${label}: refused at once, nothing was sent: the broker's rate limit for ${LIMITED[def.rate]} has ` +
    `no slot free for this call before its deadline; retry in ${seconds} s`;
  return new BrokerError('RATE_LIMITED', message, { endpoint: def.path, retryAfterMs: seconds * 1000 });
}

/**
 * Gets a session, then a rate slot in the call's lane. In that order: a login takes a slot of its own,
 * so a call holding a slot while it waits for the login could starve it.
 */
export async function prepare(
  ctx: ClientContext,
  def: EndpointDef,
  label: string,
  scope: Scope,
  route: Route,
): Promise<Prepared> {
  if (scope.aborted) return { error: abortError(ctx, label, def.path) };
  try {
    // The caller's signal is enough here: a login stops by itself when the client closes.
    const session = def.session ? await ctx.session.current(scope.caller) : undefined;
    const asked = ctx.clock.now();
    const slot = await ctx.limiter.acquire(def.rate, {
      lane: route.lane,
      asker: route.asker,
      signal: scope.caller,
      deadlineAt: scope.deadlineAt,
    });
    ctx.observer.waited({ category: def.rate, lane: route.lane, ms: ctx.clock.now() - asked });
    return { session, slot };
  } catch (error) {
    if (scope.aborted) return { error: abortError(ctx, label, def.path) };
    // A failed login already had its own retries.
    if (isBrokerError(error)) return { error };
    if (error instanceof SlotBeyondDeadline) {
      ctx.observer.refused({ category: def.rate, lane: route.lane });
      return { error: refusal(label, def, error.waitMs) };
    }
    throw error;
  }
}

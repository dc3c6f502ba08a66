import type { Clock } from '../clock.js';
import { RATE_LIMITS, type RateCategory } from '../vocabulary/index.js';
import type { Lane, LaneReserves } from './lanes.js';
import { RateLane, type RateSlot } from './rate-lane.js';
import type { RateLimit } from './rate-window.js';
import { reasonOf } from './signals.js';

export { type RateSlot, SlotBeyondDeadline } from './rate-lane.js';
export type { RateLimit } from './rate-window.js';

/** Per-category limits; `false` turns client-side limiting off. */
export type RateLimitOptions = false | Partial<Record<RateCategory, RateLimit | false>>;

/** How much longer than the published window the client's own window is: 1/1.2, about 83 % of each rate. */
export const RATE_WINDOW_STRETCH = 1.2;

/** The client's own default limits: the published count per a stretched window, a margin inside the broker's. */
export const CLIENT_RATE_LIMITS: Readonly<Record<RateCategory, RateLimit>> = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([category, { limit, windowMs }]) => [
    category,
    { limit, windowMs: Math.ceil(windowMs * RATE_WINDOW_STRETCH) },
  ]),
) as Record<RateCategory, RateLimit>;

/** Whose request asks for a slot, and how long it may wait. */
export interface SlotRequest {
  /** The lane's own share first, then the shared slots (default: the shared slots). */
  readonly lane?: Lane;
  /** Who asks: waiters are served one asker at a time (default: the lane). */
  readonly asker?: string;
  readonly signal?: AbortSignal | undefined;
  readonly deadlineAt?: number;
}

/** Hands out request slots per category and lane, waking waiters exactly when a slot frees. */
export interface RateLimiter {
  /**
   * Waits for a slot. Rejects at once, without taking a slot, when the slot cannot come before
   * `deadlineAt` (`SlotBeyondDeadline` says when it would), and with the signal's reason when it aborts.
   */
  acquire(category: RateCategory, request?: SlotRequest): Promise<RateSlot>;
  /** Starts no request of the category, in any lane, before `untilMs` (the broker said it is over its limit). */
  holdUntil(category: RateCategory, untilMs: number): void;
  /** Refuses every waiter with `reason` (the client is closing). */
  close(reason: Error): void;
}

const UNLIMITED: RateSlot = { release: () => {} };

/** A category's budgets: the lanes that keep slots of their own, and the shared rest. */
interface CategoryLanes {
  readonly shared: RateLane;
  readonly own: ReadonlyMap<Lane, RateLane>;
}

/** Splits a category between the lanes' reserves and the shared rest; too small a category is not split. */
function split(clock: Clock, rule: RateLimit, category: RateCategory, reserves: LaneReserves): CategoryLanes {
  const own = new Map<Lane, RateLane>();
  const wanted = Object.entries(reserves).flatMap(([lane, r]) => {
    const count = r?.[category] ?? 0;
    return count > 0 ? [[lane as Lane, count] as const] : [];
  });
  const kept = wanted.reduce((sum, [, count]) => sum + count, 0);
  if (kept >= rule.limit) return { shared: new RateLane(clock, rule), own };
  for (const [lane, limit] of wanted) own.set(lane, new RateLane(clock, { limit, windowMs: rule.windowMs }));
  return { shared: new RateLane(clock, { limit: rule.limit - kept, windowMs: rule.windowMs }), own };
}

/**
 * A budget per category whose window is measured from answers (see `RateWindow`): the client's own
 * limits (a margin inside the published ones) unless `options` gives others, split by `reserves`. A
 * lane with a reserve uses it first, then a shared slot nobody waits for; everyone else queues for the
 * shared slots, served one asker at a time.
 */
export function createRateLimiter(
  clock: Clock,
  options: RateLimitOptions = {},
  reserves: LaneReserves = {},
): RateLimiter {
  const categories = new Map<RateCategory, CategoryLanes | undefined>();
  const lanesOf = (category: RateCategory): CategoryLanes | undefined => {
    if (options === false) return undefined;
    if (categories.has(category)) return categories.get(category);
    const chosen = options[category];
    const rule: RateLimit | undefined =
      chosen === false ? undefined : (chosen ?? CLIENT_RATE_LIMITS[category]);
    const lanes = rule === undefined || rule.limit <= 0 ? undefined : split(clock, rule, category, reserves);
    categories.set(category, lanes);
    return lanes;
  };
  const all = (): RateLane[] =>
    [...categories.values()].flatMap((c) => (c === undefined ? [] : [c.shared, ...c.own.values()]));
  return {
    acquire(category, { lane, asker, signal, deadlineAt } = {}) {
      if (signal?.aborted) return Promise.reject(reasonOf(signal));
      const lanes = lanesOf(category);
      if (lanes === undefined) return Promise.resolve(UNLIMITED);
      const own = lane === undefined ? undefined : lanes.own.get(lane);
      const who = asker ?? lane ?? 'anyone';
      if (own === undefined) return lanes.shared.acquire(who, signal, deadlineAt);
      if (own.idle()) return Promise.resolve(own.take());
      if (lanes.shared.idle()) return Promise.resolve(lanes.shared.take());
      return own.acquire(who, signal, deadlineAt);
    },
    holdUntil(category, untilMs) {
      const lanes = lanesOf(category);
      lanes?.shared.hold(untilMs);
      for (const own of lanes?.own.values() ?? []) own.hold(untilMs);
    },
    close(reason) {
      for (const lane of all()) lane.close(reason);
    },
  };
}

import type { Clock } from '../clock.js';
import { RATE_LIMITS, type RateCategory } from '../vocabulary/index.js';
import { RateLane, type RateSlot } from './rate-lane.js';
import type { RateLimit } from './rate-window.js';
import { type Abortable, reasonOf } from './signals.js';

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

/** Hands out request slots per category, in arrival order, waking waiters exactly when a slot frees. */
export interface RateLimiter {
  /**
   * Waits for a slot. Rejects at once, without taking a slot, when the slot cannot come before
   * `deadlineAt`, and with the signal's reason when it aborts while waiting.
   */
  acquire(category: RateCategory, options?: { signal?: Abortable; deadlineAt?: number }): Promise<RateSlot>;
  /** Starts no request of the category before `untilMs` (the broker answered that it is over its limit). */
  holdUntil(category: RateCategory, untilMs: number): void;
}

const UNLIMITED: RateSlot = { release: () => {} };

/**
 * A lane per category whose window is measured from answers (see `RateWindow`): the client's own limits
 * (a margin inside the published ones) unless `options` gives others.
 */
export function createRateLimiter(clock: Clock, options: RateLimitOptions = {}): RateLimiter {
  const lanes = new Map<RateCategory, RateLane>();
  const laneOf = (category: RateCategory): RateLane | undefined => {
    if (options === false) return undefined;
    const chosen = options[category];
    const rule: RateLimit | undefined =
      chosen === false ? undefined : (chosen ?? CLIENT_RATE_LIMITS[category]);
    if (rule === undefined || rule.limit <= 0) return undefined;
    const lane = lanes.get(category) ?? new RateLane(clock, rule);
    lanes.set(category, lane);
    return lane;
  };
  return {
    acquire(category, { signal, deadlineAt } = {}) {
      if (signal?.aborted) return Promise.reject(reasonOf(signal));
      return laneOf(category)?.acquire(signal, deadlineAt) ?? Promise.resolve(UNLIMITED);
    },
    holdUntil(category, untilMs) {
      laneOf(category)?.hold(untilMs);
    },
  };
}

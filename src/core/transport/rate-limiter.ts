import type { Clock } from '../clock.js';
import { RATE_LIMITS, type RateCategory } from '../vocabulary/index.js';

/** Requests allowed per sliding window. */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** Per-category limits; `false` turns client-side limiting off. */
export type RateLimitOptions = false | Partial<Record<RateCategory, RateLimit | false>>;

/** Hands out request slots per category, in arrival order, sleeping exactly until a slot frees. */
export interface RateLimiter {
  /**
   * Waits for a slot. Rejects at once, without taking a slot, when the slot would come after `deadlineAt`,
   * and with the signal's reason when it aborts while waiting.
   */
  acquire(category: RateCategory, options?: { signal?: AbortSignal; deadlineAt?: number }): Promise<void>;
}

/** Thrown when the next free slot lies beyond the caller's deadline. */
export class SlotBeyondDeadline extends Error {
  override readonly name = 'SlotBeyondDeadline';
  constructor(readonly waitMs: number) {
    super(`the next request slot frees in ${waitMs} ms, after the deadline`);
  }
}

/**
 * A sliding-window log per category. Each caller reserves the earliest time at which its request keeps
 * at most `limit` requests in any window (`limit`-th latest reservation + window), then sleeps until then:
 * reservations are taken synchronously, so order of arrival is order of service, and nothing polls.
 */
export function createRateLimiter(clock: Clock, options: RateLimitOptions = {}): RateLimiter {
  const logs = new Map<RateCategory, number[]>();
  const limitOf = (category: RateCategory): RateLimit | undefined => {
    if (options === false) return undefined;
    const chosen = options[category];
    return chosen === false ? undefined : (chosen ?? RATE_LIMITS[category]);
  };

  return {
    async acquire(category, { signal, deadlineAt } = {}) {
      signal?.throwIfAborted();
      const rule = limitOf(category);
      if (rule === undefined || rule.limit <= 0) return;
      const now = clock.now();
      const log = logs.get(category) ?? [];
      logs.set(category, log);
      while (log.length > 0 && (log[0] ?? 0) <= now - rule.windowMs) log.shift();
      const pivot = log.length >= rule.limit ? log[log.length - rule.limit] : undefined;
      const slot = pivot === undefined ? now : Math.max(now, pivot + rule.windowMs);
      if (deadlineAt !== undefined && slot > deadlineAt) throw new SlotBeyondDeadline(slot - now);
      log.push(slot);
      if (slot <= now) return;
      try {
        await clock.sleep(slot - now, signal);
      } catch (error) {
        // A caller that gives up returns its slot; callers already waiting keep theirs (conservative).
        const at = log.lastIndexOf(slot);
        if (at >= 0) log.splice(at, 1);
        throw error;
      }
    },
  };
}

import { abortReason, type Clock } from '../clock.js';
import { RATE_LIMITS, type RateCategory } from '../vocabulary/index.js';
import { type RateLimit, RateWindow } from './rate-window.js';

export type { RateLimit } from './rate-window.js';

/** Per-category limits; `false` turns client-side limiting off. */
export type RateLimitOptions = false | Partial<Record<RateCategory, RateLimit | false>>;

/** A request's hold on a slot: release it when the answer arrives (or the attempt ends without one). */
export interface RateSlot {
  /** Starts the slot's window now; calling it again does nothing. */
  release(): void;
}

/** Hands out request slots per category, in arrival order, waking waiters exactly when a slot frees. */
export interface RateLimiter {
  /**
   * Waits for a slot. Rejects at once, without taking a slot, when the slot cannot come before
   * `deadlineAt`, and with the signal's reason when it aborts while waiting.
   */
  acquire(category: RateCategory, options?: { signal?: AbortSignal; deadlineAt?: number }): Promise<RateSlot>;
  /** Starts no request of the category before `untilMs` (the broker answered that it is over its limit). */
  holdUntil(category: RateCategory, untilMs: number): void;
}

/** Thrown when the next free slot lies beyond the caller's deadline. */
export class SlotBeyondDeadline extends Error {
  override readonly name = 'SlotBeyondDeadline';
  constructor(readonly waitMs: number) {
    super(`the next request slot frees in ${waitMs} ms, after the deadline`);
  }
}

/** How much longer than the published window the client's own window is: 1/1.2, about 83 % of each rate. */
export const RATE_WINDOW_STRETCH = 1.2;

/** The client's own default limits: the published count per a stretched window, a margin inside the broker's. */
export const CLIENT_RATE_LIMITS: Readonly<Record<RateCategory, RateLimit>> = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([category, { limit, windowMs }]) => [
    category,
    { limit, windowMs: Math.ceil(windowMs * RATE_WINDOW_STRETCH) },
  ]),
) as Record<RateCategory, RateLimit>;

interface Waiter {
  readonly deadlineAt: number | undefined;
  readonly grant: () => void;
  readonly refuse: (error: unknown) => void;
}

interface Lane {
  readonly window: RateWindow;
  readonly waiters: Waiter[];
  timer: { readonly at: number; readonly stop: AbortController } | undefined;
}

const UNLIMITED: RateSlot = { release: () => {} };

/**
 * A window per category measured from answers (see `RateWindow`), with a first-come queue. Slots are taken
 * synchronously, so the order of arrival is the order of service; one timer per category wakes the queue
 * when a slot frees by time, and every answer wakes it too. Nothing polls.
 */
export function createRateLimiter(clock: Clock, options: RateLimitOptions = {}): RateLimiter {
  const lanes = new Map<RateCategory, Lane>();
  const ruleOf = (category: RateCategory): RateLimit | undefined => {
    if (options === false) return undefined;
    const chosen = options[category];
    const rule = chosen === false ? undefined : (chosen ?? CLIENT_RATE_LIMITS[category]);
    return rule !== undefined && rule.limit > 0 ? rule : undefined;
  };
  const laneOf = (category: RateCategory, rule: RateLimit): Lane => {
    const found = lanes.get(category);
    if (found !== undefined) return found;
    const lane: Lane = { window: new RateWindow(rule), waiters: [], timer: undefined };
    lanes.set(category, lane);
    return lane;
  };

  function take(lane: Lane): RateSlot {
    lane.window.start();
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        lane.window.end(clock.now());
        serve(lane);
      },
    };
  }

  /** Grants slots to the head of the queue while they are free; refuses a head whose slot comes too late. */
  function serve(lane: Lane): void {
    const now = clock.now();
    for (let head = lane.waiters[0]; head !== undefined; head = lane.waiters[0]) {
      const at = lane.window.earliestStart(now, 0);
      if (head.deadlineAt !== undefined && at > head.deadlineAt)
        head.refuse(new SlotBeyondDeadline(at - now));
      else if (at <= now) head.grant();
      else break;
      lane.waiters.shift();
    }
    wake(lane, now);
  }

  /** Keeps one timer for the time the head of the queue can go, or none when only an answer can free a slot. */
  function wake(lane: Lane, now: number): void {
    const at = lane.waiters.length === 0 ? undefined : lane.window.nextFreeAt(now);
    if (lane.timer?.at === at) return;
    lane.timer?.stop.abort();
    lane.timer = undefined;
    if (at === undefined) return;
    const timer = { at, stop: new AbortController() };
    lane.timer = timer;
    clock.sleep(Math.max(0, at - now), timer.stop.signal).then(
      () => {
        if (lane.timer === timer) lane.timer = undefined;
        // A timer may fire a little early; serving re-checks the window and sets a new one if so.
        serve(lane);
      },
      () => {},
    );
  }

  return {
    acquire(category, { signal, deadlineAt } = {}) {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      const rule = ruleOf(category);
      if (rule === undefined) return Promise.resolve(UNLIMITED);
      const lane = laneOf(category, rule);
      const now = clock.now();
      if (lane.waiters.length === 0 && lane.window.isFree(now)) return Promise.resolve(take(lane));
      const earliest = lane.window.earliestStart(now, lane.waiters.length);
      if (deadlineAt !== undefined && earliest > deadlineAt) {
        return Promise.reject(new SlotBeyondDeadline(earliest - now));
      }
      return new Promise<RateSlot>((resolve, reject) => {
        const onAbort = (): void => {
          const at = lane.waiters.indexOf(waiter);
          if (at >= 0) lane.waiters.splice(at, 1);
          reject(abortReason(signal as AbortSignal));
          serve(lane);
        };
        const waiter: Waiter = {
          deadlineAt,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(take(lane));
          },
          refuse: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        lane.waiters.push(waiter);
        wake(lane, now);
      });
    },

    holdUntil(category, untilMs) {
      const rule = ruleOf(category);
      if (rule === undefined) return;
      const lane = laneOf(category, rule);
      lane.window.hold(untilMs);
      serve(lane);
    },
  };
}

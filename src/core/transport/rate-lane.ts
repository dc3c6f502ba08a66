import type { Clock } from '../clock.js';
import type { RateLimit } from './rate-window.js';
import { RateWindow } from './rate-window.js';
import { type Abortable, onAbort, reasonOf } from './signals.js';

/** A request's hold on a slot: release it when the answer arrives (or the attempt ends without one). */
export interface RateSlot {
  /** Starts the slot's window now; calling it again does nothing. */
  release(): void;
}

/** Thrown when the next free slot lies beyond the caller's deadline. */
export class SlotBeyondDeadline extends Error {
  override readonly name = 'SlotBeyondDeadline';
  constructor(readonly waitMs: number) {
    super(`the next request slot frees in ${waitMs} ms, after the deadline`);
  }
}

interface Waiter {
  readonly deadlineAt: number | undefined;
  readonly grant: () => void;
  readonly refuse: (error: unknown) => void;
}

/**
 * One category's slots: its window and a first-come queue. Slots are taken synchronously, so the order
 * of arrival is the order of service; one timer wakes the queue when a slot frees by time, and every
 * answer wakes it too. Nothing polls.
 */
export class RateLane {
  readonly #clock: Clock;
  readonly #window: RateWindow;
  readonly #waiters: Waiter[] = [];
  #timer: { readonly at: number; readonly stop: AbortController } | undefined;

  constructor(clock: Clock, rule: RateLimit) {
    this.#clock = clock;
    this.#window = new RateWindow(rule);
  }

  /** A slot now, or once one frees (see `RateLimiter.acquire`). */
  acquire(signal: Abortable | undefined, deadlineAt: number | undefined): Promise<RateSlot> {
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    const now = this.#clock.now();
    if (this.#waiters.length === 0 && this.#window.isFree(now)) return Promise.resolve(this.#take());
    const earliest = this.#window.earliestStart(now, this.#waiters.length);
    if (deadlineAt !== undefined && earliest > deadlineAt) {
      return Promise.reject(new SlotBeyondDeadline(earliest - now));
    }
    return new Promise<RateSlot>((resolve, reject) => {
      const off =
        signal === undefined
          ? () => {}
          : onAbort(signal, () => {
              const at = this.#waiters.indexOf(waiter);
              if (at >= 0) this.#waiters.splice(at, 1);
              reject(reasonOf(signal));
              this.#serve();
            });
      const waiter: Waiter = {
        deadlineAt,
        grant: () => {
          off();
          resolve(this.#take());
        },
        refuse: (error) => {
          off();
          reject(error);
        },
      };
      this.#waiters.push(waiter);
      this.#wake(now);
    });
  }

  /** Starts nothing before `untilMs`. */
  hold(untilMs: number): void {
    this.#window.hold(untilMs);
    this.#serve();
  }

  #take(): RateSlot {
    this.#window.start();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#window.end(this.#clock.now());
        this.#serve();
      },
    };
  }

  /** Grants slots to the head of the queue while they are free; refuses a head whose slot comes too late. */
  #serve(): void {
    const now = this.#clock.now();
    for (let head = this.#waiters[0]; head !== undefined; head = this.#waiters[0]) {
      const at = this.#window.earliestStart(now, 0);
      if (head.deadlineAt !== undefined && at > head.deadlineAt)
        head.refuse(new SlotBeyondDeadline(at - now));
      else if (at <= now) head.grant();
      else break;
      this.#waiters.shift();
    }
    this.#wake(now);
  }

  /** Keeps one timer for when the head of the queue can go, or none when only an answer can free a slot. */
  #wake(now: number): void {
    const at = this.#waiters.length === 0 ? undefined : this.#window.nextFreeAt(now);
    if (this.#timer?.at === at) return;
    this.#timer?.stop.abort();
    this.#timer = undefined;
    if (at === undefined) return;
    const timer = { at, stop: new AbortController() };
    this.#timer = timer;
    this.#clock.sleep(Math.max(0, at - now), timer.stop.signal).then(
      () => {
        if (this.#timer === timer) this.#timer = undefined;
        // A timer may fire a little early; serving re-checks the window and sets a new one if so.
        this.#serve();
      },
      () => {},
    );
  }
}

import type { Clock } from '../clock.js';
import { FairQueue } from './fair-queue.js';
import type { RateLimit } from './rate-window.js';
import { RateWindow } from './rate-window.js';
import { onAbort, reasonOf } from './signals.js';

/** A request's hold on a slot: release it when the answer arrives (or the attempt ends without one). */
export interface RateSlot {
  /** Starts the slot's window now; calling it again does nothing. */
  release(): void;
}

/** Thrown when the slot a request could get lies beyond its deadline: `waitMs` says when it would come. */
export class SlotBeyondDeadline extends Error {
  override readonly name = 'SlotBeyondDeadline';
  constructor(readonly waitMs: number) {
    super(`the next request slot frees in ${waitMs} ms, after the deadline`);
  }
}

interface Waiter {
  readonly asker: string;
  readonly deadlineAt: number | undefined;
  readonly grant: () => void;
  readonly refuse: (error: unknown) => void;
}

/** How much of a new round trip moves the estimate. */
const RTT_WEIGHT = 0.2;

/**
 * One budget of slots (a lane's share of a category): its window, and a queue that serves askers in
 * turn. Slots are taken synchronously, so nothing polls; one timer wakes the queue when a slot frees by
 * time or when a waiter's slot can no longer come before its deadline, and every answer wakes it too.
 * A waiter is refused as soon as its slot cannot come in time, never after waiting for nothing.
 */
export class RateLane {
  readonly #clock: Clock;
  readonly #window: RateWindow;
  readonly #waiters = new FairQueue<Waiter>();
  /** The usual time from a slot's start to its answer, measured (0 until the first answer). */
  #rttMs = 0;
  #timer: { readonly at: number; readonly stop: AbortController } | undefined;

  constructor(clock: Clock, rule: RateLimit) {
    this.#clock = clock;
    this.#window = new RateWindow(rule);
  }

  /** True when a request could start now without passing anyone. */
  idle(): boolean {
    return this.#waiters.size === 0 && this.#window.isFree(this.#clock.now());
  }

  /** A slot now, or once one frees; refused at once when it cannot come before `deadlineAt`. */
  acquire(asker: string, signal: AbortSignal | undefined, deadlineAt: number | undefined): Promise<RateSlot> {
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    if (this.idle()) return Promise.resolve(this.take());
    const now = this.#clock.now();
    const ahead = this.#waiters.ahead(asker);
    const at = this.#window.starts(now, ahead + 1, this.#rttMs)[ahead] as number;
    if (deadlineAt !== undefined && at + this.#rttMs > deadlineAt) {
      return Promise.reject(new SlotBeyondDeadline(at - now));
    }
    return new Promise<RateSlot>((resolve, reject) => {
      const off = onAbort(signal, () => {
        if (this.#waiters.remove(asker, waiter)) reject(reasonOf(signal as AbortSignal));
        this.#serve();
      });
      const waiter: Waiter = {
        asker,
        deadlineAt,
        grant: () => {
          off();
          resolve(this.take());
        },
        refuse: (error) => {
          off();
          reject(error);
        },
      };
      this.#waiters.push(asker, waiter);
      this.#serve();
    });
  }

  /** Starts nothing before `untilMs`. */
  hold(untilMs: number): void {
    this.#window.hold(untilMs);
    this.#serve();
  }

  /** Refuses every waiter with `reason` and stops the timer. */
  close(reason: Error): void {
    for (const waiter of this.#waiters.drain()) waiter.refuse(reason);
    this.#timer?.stop.abort();
    this.#timer = undefined;
  }

  /** Takes a slot now, whatever the window says (the caller checked it is free). */
  take(): RateSlot {
    const startedAt = this.#clock.now();
    this.#window.start(startedAt);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const now = this.#clock.now();
        this.#window.end(startedAt, now);
        this.#rttMs += (now - startedAt - this.#rttMs) * RTT_WEIGHT;
        this.#serve();
      },
    };
  }

  /**
   * Grants slots in turn while they are free, then looks at every waiter left: one whose slot cannot
   * come before its deadline any more (answers later than usual) is refused now.
   */
  #serve(): void {
    const now = this.#clock.now();
    while (this.#waiters.size > 0 && this.#window.isFree(now)) this.#waiters.shift()?.grant();
    const waiting = this.#waiters.inOrder();
    const starts = this.#window.starts(now, waiting.length, this.#rttMs);
    let kept = 0;
    let slack = Number.POSITIVE_INFINITY;
    for (const waiter of waiting) {
      const at = starts[kept] as number;
      if (waiter.deadlineAt === undefined) {
        kept += 1;
      } else if (at + this.#rttMs > waiter.deadlineAt) {
        this.#waiters.remove(waiter.asker, waiter);
        waiter.refuse(new SlotBeyondDeadline(at - now));
      } else {
        kept += 1;
        slack = Math.min(slack, waiter.deadlineAt - this.#rttMs - at);
      }
    }
    this.#wake(now, slack);
  }

  /**
   * Keeps one timer: for when the head of the queue can go, or, while only answers still to come can
   * free a slot, for when the first waiter would run out of time if none came.
   */
  #wake(now: number, slack: number): void {
    const free = this.#waiters.size === 0 ? undefined : this.#window.nextFreeAt(now);
    const late = Number.isFinite(slack) ? now + Math.max(1, slack + 1) : undefined;
    const at = free === undefined ? late : late === undefined ? free : Math.min(free, late);
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

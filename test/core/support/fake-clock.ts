import type { Clock } from '../../../src/core/clock.js';

interface Timer {
  readonly at: number;
  readonly resolve: () => void;
}

/** Lets pending promise callbacks (and undici's mock replies) run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A clock for tests. In `auto` mode every sleep moves time forward at once (and is recorded); in manual
 * mode sleeps wait until `advance` passes their time.
 */
export class FakeClock implements Clock {
  #now: number;
  readonly #auto: boolean;
  #timers: Timer[] = [];
  /** Every sleep requested, in milliseconds, in order. */
  readonly sleeps: number[] = [];

  constructor(options: { start?: number; auto?: boolean } = {}) {
    this.#now = options.start ?? Date.UTC(2026, 10, 20, 4, 45, 0); // 10:15 IST, 20 Nov 2026
    this.#auto = options.auto ?? true;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#auto) {
      this.#now += Math.max(0, ms);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at: this.#now + Math.max(0, ms), resolve };
      this.#timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.#timers = this.#timers.filter((t) => t !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Sleeps still waiting (manual mode). */
  get pending(): number {
    return this.#timers.length;
  }

  /** When the earliest waiting sleep wakes (manual mode); undefined when none waits. */
  get nextAt(): number | undefined {
    return this.#timers.reduce<number | undefined>(
      (min, t) => (min === undefined || t.at < min ? t.at : min),
      undefined,
    );
  }

  /** Moves time forward, waking each sleeper at its own time, in time order. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await flush();
    for (;;) {
      const next = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = next.at;
      next.resolve();
      await flush();
    }
    this.#now = target;
    await flush();
  }
}

/** The simulator's sense of time; tests drive a manual clock, the CLI uses the system clock. */
export interface SimClock {
  now(): number;
}

/** A clock that only moves when told to. */
export class ManualClock implements SimClock {
  #now: number;

  constructor(startMs: number) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  /** Moves time forward (never backward: the market and the order books assume it only grows). */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`cannot move the clock by ${ms} ms`);
    this.#now += ms;
    return this.#now;
  }

  set(ms: number): void {
    if (ms < this.#now) throw new RangeError('the clock cannot go back');
    this.#now = ms;
  }
}

/** Wall-clock time, optionally shifted forward by the control surface. */
export class SystemClock implements SimClock {
  #offset = 0;

  now(): number {
    return Date.now() + this.#offset;
  }

  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`cannot move the clock by ${ms} ms`);
    this.#offset += ms;
    return this.now();
  }
}

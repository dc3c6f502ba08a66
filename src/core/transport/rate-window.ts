/** Requests allowed per sliding window. */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** Drops the leading times that are at or before `at` (the list is ascending). */
function dropThrough(times: number[], at: number): void {
  while (times.length > 0 && (times[0] as number) <= at) times.shift();
}

/** Puts `time` into an ascending list. */
function insertSorted(times: number[], time: number): void {
  const index = times.findIndex((t) => t > time);
  times.splice(index < 0 ? times.length : index, 0, time);
}

/**
 * One window, measured from answers: a request occupies a slot from when it starts until `windowMs`
 * after its answer arrived. The broker counts a request when it receives it, which is never after the
 * client has its answer, so slow or uneven round trips cannot squeeze more than `limit` requests into
 * any of the broker's windows.
 */
export class RateWindow {
  readonly #rule: RateLimit;
  /** When the requests still unanswered started. */
  readonly #started: number[] = [];
  /** When the answers of finished requests arrived, ascending; each frees its slot `windowMs` later. */
  readonly #answered: number[] = [];
  #heldUntil = 0;

  constructor(rule: RateLimit) {
    this.#rule = rule;
  }

  /** True when a request may start at `now`. */
  isFree(now: number): boolean {
    return now >= this.#heldUntil && this.#occupied(now) < this.#rule.limit;
  }

  /** A request starts at `at`: it holds a slot until its answer arrives (`end`). */
  start(at: number): void {
    this.#started.push(at);
  }

  /** The request that started at `startedAt` was answered (or ended without one) at `at`. */
  end(startedAt: number, at: number): void {
    const index = this.#started.indexOf(startedAt);
    if (index >= 0) this.#started.splice(index, 1);
    insertSorted(this.#answered, at);
  }

  /** No request starts before `until` (the broker asked us to wait). */
  hold(until: number): void {
    this.#heldUntil = Math.max(this.#heldUntil, until);
  }

  /** When a slot frees by time alone; undefined while only an answer still to come can free one. */
  nextFreeAt(now: number): number | undefined {
    const excess = this.#occupied(now) - this.#rule.limit + 1;
    if (excess <= 0) return Math.max(now, this.#heldUntil);
    const answer = this.#answered[excess - 1];
    return answer === undefined ? undefined : Math.max(answer + this.#rule.windowMs, this.#heldUntil);
  }

  /**
   * When each of the next `count` requests could start, in order, if they queued now and every answer
   * came `rttMs` after its request started (an answer already later than that is taken as arriving now).
   * Exact when every request in the window is answered; otherwise as good as the round-trip estimate.
   */
  starts(now: number, count: number, rttMs: number): number[] {
    const { limit, windowMs } = this.#rule;
    this.#occupied(now);
    const frees = this.#answered.map((t) => t + windowMs);
    for (const started of this.#started) insertSorted(frees, Math.max(now, started + rttMs) + windowMs);
    const out: number[] = [];
    let at = Math.max(now, this.#heldUntil);
    while (out.length < count) {
      dropThrough(frees, at);
      if (frees.length >= limit) {
        at = frees[frees.length - limit] as number;
        dropThrough(frees, at);
      }
      out.push(at);
      insertSorted(frees, at + rttMs + windowMs);
    }
    return out;
  }

  #occupied(now: number): number {
    dropThrough(this.#answered, now - this.#rule.windowMs);
    return this.#started.length + this.#answered.length;
  }
}

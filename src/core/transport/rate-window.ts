/** Requests allowed per sliding window. */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** Drops the leading times that are at or before `at` (the list is ascending). */
function dropThrough(times: number[], at: number): void {
  while (times.length > 0 && (times[0] as number) <= at) times.shift();
}

/**
 * One category's window, measured from answers: a request occupies a slot from when it starts until
 * `windowMs` after its answer arrived. The broker counts a request when it receives it, which is never
 * after the client has its answer, so slow or uneven round trips cannot squeeze more than `limit`
 * requests into any of the broker's windows.
 */
export class RateWindow {
  readonly #rule: RateLimit;
  #inFlight = 0;
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

  /** A request starts: it holds a slot until its answer arrives (`end`). */
  start(): void {
    this.#inFlight += 1;
  }

  /** The request that started earlier was answered (or ended without one) at `at`. */
  end(at: number): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    const index = this.#answered.findIndex((t) => t > at);
    this.#answered.splice(index < 0 ? this.#answered.length : index, 0, at);
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
   * The earliest a request could start behind `ahead` others already waiting: exact when every request in
   * the window is answered, a lower bound otherwise (an answer still to come is taken as arriving now).
   */
  earliestStart(now: number, ahead: number): number {
    const { limit, windowMs } = this.#rule;
    this.#occupied(now);
    const frees = [...this.#answered, ...Array<number>(this.#inFlight).fill(now)].map((t) => t + windowMs);
    frees.sort((a, b) => a - b);
    let at = Math.max(now, this.#heldUntil);
    for (let i = 0; ; i += 1) {
      dropThrough(frees, at);
      if (frees.length >= limit) {
        at = frees[frees.length - limit] as number;
        dropThrough(frees, at);
      }
      if (i >= ahead) return at;
      frees.push(at + windowMs);
    }
  }

  #occupied(now: number): number {
    dropThrough(this.#answered, now - this.#rule.windowMs);
    return this.#inFlight + this.#answered.length;
  }
}

import type { InstrumentRef } from '../../core/client/index.js';

/** A last price as the desk shows it, and when it was read. */
interface Seen {
  readonly price: number | undefined;
  readonly at: number;
}

/** How long one read of a price serves every viewer; how long a page waits for a fresh one. */
const FRESH_MS = 5_000;
const WAIT_MS = 300;
/** Most instruments remembered. */
const LIMIT = 500;

/**
 * The market now for the tickets on the desk, shared by every viewer: at most one quote per instrument
 * every few seconds however many browsers look (never a broker call per viewer), and a page never waits
 * long for one (it then shows the price at preview alone).
 */
export class MarketNow {
  readonly #seen = new Map<string, Seen>();
  readonly #asking = new Map<string, Promise<void>>();
  readonly #quote: (ref: InstrumentRef) => Promise<{ lastPrice: number }>;
  readonly #now: () => number;

  constructor(quote: (ref: InstrumentRef) => Promise<{ lastPrice: number }>, now: () => number) {
    this.#quote = quote;
    this.#now = now;
  }

  /** The last prices of these instruments, read again where stale, waiting a moment at most. */
  async prices(refs: readonly InstrumentRef[]): Promise<Map<string, number>> {
    const stale = refs.filter((r) => {
      const seen = this.#seen.get(key(r));
      return seen === undefined || this.#now() - seen.at > FRESH_MS;
    });
    if (stale.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(stale.map((r) => this.#ask(r))),
        new Promise((resolve) => {
          timer = setTimeout(resolve, WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    return this.known(refs);
  }

  /** The prices already known (no broker call): for the live stream's fragments. */
  known(refs: readonly InstrumentRef[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of refs) {
      const price = this.#seen.get(key(r))?.price;
      if (price !== undefined) out.set(key(r), price);
    }
    return out;
  }

  #ask(ref: InstrumentRef): Promise<void> {
    const k = key(ref);
    const asking = this.#asking.get(k);
    if (asking !== undefined) return asking;
    const done = this.#quote(ref)
      .then(
        (q) => ({ price: q.lastPrice, at: this.#now() }),
        () => ({ price: undefined, at: this.#now() }),
      )
      .then((seen) => {
        this.#seen.set(k, seen);
        if (this.#seen.size > LIMIT) this.#seen.delete(this.#seen.keys().next().value as string);
      })
      .finally(() => this.#asking.delete(k));
    this.#asking.set(k, done);
    return done;
  }
}

/** How an instrument is keyed here. */
export const key = (ref: InstrumentRef): string => `${ref.exchange}:${ref.token}`;

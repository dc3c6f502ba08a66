import type { Clock } from '../clock.js';
import { onAbort, reasonOf } from '../transport/signals.js';

/** Kinds of reads, by how quickly their answers go stale. */
export const SHARE_KINDS = ['quotes', 'books', 'limits', 'security'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** How long an answer of each kind may be given again, in milliseconds from when it was asked for. */
export type Freshness = Readonly<Record<ShareKind, number>>;

/**
 * Quotes (and candles, greeks) under a second; the order and trade books and order histories, limits,
 * holdings and margin a little longer; security info and index lists, which change once a day, ten
 * minutes.
 */
export const DEFAULT_FRESHNESS: Freshness = { quotes: 750, books: 1_500, limits: 2_000, security: 600_000 };

/** One read as sharing sees it: its kind, and what tells it apart (its endpoint and fields). */
export interface ShareKey {
  readonly kind: ShareKind;
  readonly key: string;
}

/** What a read gives back: the answer, and when its request left (the answer's data is not older). */
export interface ReadResult<R> {
  readonly value: R;
  readonly sentAt: number;
}

/** Who asks: people may be served what is shared; the other lanes always read afresh. */
export interface Reader {
  readonly fresh: boolean;
  readonly deadlineAt: number;
  readonly signal: AbortSignal | undefined;
}

interface Flight {
  readonly id: string;
  readonly deadlineAt: number;
  readonly stop: AbortController;
  promise: Promise<unknown>;
  waiters: number;
}

interface Kept {
  readonly kind: ShareKind;
  readonly value: unknown;
  readonly at: number;
}

/** How many answers are kept at most; the oldest kept goes first. */
const MAX_KEPT = 1_000;
/** Past this many, answers whose window is over are dropped (candle windows alone could pile up). */
const SWEEP_AT = 100;

/**
 * Reads of one account, shared: identical reads in flight are joined (one request, every asker
 * answered) and an answer is given again for its kind's window. A read in flight stops only once every
 * asker left it. Reads that must be fresh (the watcher's looks, the checks before an order leaves)
 * never get a shared answer, but people may join and reuse theirs. One client serves one account, so
 * nothing here ever crosses accounts.
 */
export class SharedReads {
  readonly #clock: Clock;
  readonly #freshness: Freshness;
  readonly #flights = new Map<string, Flight>();
  readonly #kept = new Map<string, Kept>();
  /** When each kind was last forgotten: an answer to a request sent before then is not kept. */
  readonly #forgotAt = new Map<ShareKind, number>();

  constructor(clock: Clock, freshness: Freshness) {
    this.#clock = clock;
    this.#freshness = freshness;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /** The answer to `share`: given again, joined, or read with `start` (given a signal that stops it). */
  read<R>(
    share: ShareKey,
    reader: Reader,
    start: (signal: AbortSignal) => Promise<ReadResult<R>>,
  ): Promise<R> {
    if (reader.signal?.aborted) return Promise.reject(reasonOf(reader.signal));
    const id = `${share.kind}|${share.key}`;
    if (!reader.fresh) {
      const kept = this.#kept.get(id);
      if (kept !== undefined && this.#clock.now() - kept.at <= this.#freshness[share.kind]) {
        return Promise.resolve(kept.value as R);
      }
      const flight = this.#flights.get(id);
      // A read that may give up sooner than this asker would refuse it too early: it is not joined.
      if (flight !== undefined && flight.deadlineAt <= reader.deadlineAt)
        return this.#join<R>(flight, reader.signal);
    }
    const flight: Flight = {
      id,
      deadlineAt: reader.deadlineAt,
      stop: new AbortController(),
      promise: Promise.resolve(),
      waiters: 0,
    };
    flight.promise = start(flight.stop.signal)
      .then(({ value, sentAt }) => {
        this.#keep(id, share.kind, value, sentAt);
        return value;
      })
      .finally(() => this.#land(flight));
    // Every asker hears of a failure through its own join; a read all of them left must not go unhandled.
    flight.promise.catch(() => {});
    this.#flights.set(id, flight);
    return this.#join<R>(flight, reader.signal);
  }

  /** Forgets what is kept or in flight of these kinds (an order was sent: books and limits change). */
  forget(kinds: readonly ShareKind[]): void {
    const now = this.#clock.now();
    for (const kind of kinds) this.#forgotAt.set(kind, now);
    for (const [id, kept] of this.#kept) if (kinds.includes(kept.kind)) this.#kept.delete(id);
    for (const id of this.#flights.keys()) {
      if (kinds.some((kind) => id.startsWith(`${kind}|`))) this.#flights.delete(id);
    }
  }

  #join<R>(flight: Flight, signal: AbortSignal | undefined): Promise<R> {
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    flight.waiters += 1;
    return new Promise<R>((resolve, reject) => {
      const off = onAbort(signal, () => {
        flight.waiters -= 1;
        if (flight.waiters === 0) {
          this.#land(flight);
          flight.stop.abort(reasonOf(signal as AbortSignal));
        }
        reject(reasonOf(signal as AbortSignal));
      });
      flight.promise.then(
        (value) => {
          off();
          resolve(value as R);
        },
        (error: unknown) => {
          off();
          reject(error);
        },
      );
    });
  }

  /** The read is over (or left by all): later askers start their own. */
  #land(flight: Flight): void {
    if (this.#flights.get(flight.id) === flight) this.#flights.delete(flight.id);
  }

  #keep(id: string, kind: ShareKind, value: unknown, at: number): void {
    if (this.#freshness[kind] <= 0 || at < (this.#forgotAt.get(kind) ?? Number.NEGATIVE_INFINITY)) return;
    const kept = this.#kept.get(id);
    if (kept !== undefined && kept.at > at) return;
    this.#kept.delete(id);
    this.#kept.set(id, { kind, value, at });
    if (this.#kept.size > SWEEP_AT) this.#sweep();
  }

  /** Drops every answer past its window, then the oldest beyond the cap. */
  #sweep(): void {
    const now = this.#clock.now();
    for (const [id, kept] of this.#kept) {
      if (now - kept.at > this.#freshness[kept.kind]) this.#kept.delete(id);
    }
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= MAX_KEPT) break;
      this.#kept.delete(oldest);
    }
  }
}

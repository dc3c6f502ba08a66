import type { HoursPolicy } from '../checks/index.js';
import { isMarketOpen } from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import { istDate, toIstIso } from '../time/ist.js';
import { diffBooks, EMPTY_VIEW } from './diff.js';
import { type DayOrders, loadWatcherState, saveWatcherState, type WatcherState } from './state-file.js';
import type { OrderEvent, WatchedOrder } from './types.js';

/** Told of every event, in order. */
export type OrderListener = (event: OrderEvent) => void;

export interface WatcherOptions {
  readonly broker: Pick<BrokerClient, 'getOrderBook' | 'getTradeBook'>;
  readonly clock: Clock;
  /** Where the last view is kept between runs (in the data dir). */
  readonly statePath: string;
  /** Pause between looks while the market is open (default 2 s). */
  readonly intervalMs?: number;
  /** Pause between looks once the session is over (default 30 s). */
  readonly closedIntervalMs?: number;
  /** Which hours count as the session, for the slower pace outside it. */
  readonly hours?: HoursPolicy;
  /** Recent events kept for consumers catching up (default 2,000). */
  readonly journalSize?: number;
  readonly logger?: Logger;
}

/**
 * Follows every order of the account (not only omsdesk's) by reading the order book and the trade book,
 * one call of each per look whatever the number of orders, and turns the differences into events. Its
 * view is saved before anyone is told, so a restart emits nothing twice; each event has a number, and a
 * consumer that remembers the last it handled catches up from the journal.
 */
export class OrderWatcher {
  readonly #o: WatcherOptions;
  readonly #listeners = new Set<OrderListener>();
  readonly #life = new AbortController();
  #state: WatcherState | undefined;
  #polling: Promise<readonly OrderEvent[]> | undefined;
  #running = false;

  constructor(options: WatcherOptions) {
    this.#o = options;
  }

  /** The orders seen today, as last seen. */
  orders(): WatchedOrder[] {
    return [...(this.#state?.view.orders.values() ?? [])];
  }

  /**
   * The day before's orders as last seen before the day changed (their final state when the watcher
   * looked after that day's close): what a consumer whose events fell out of the journal still needs.
   */
  previousDay(): DayOrders | undefined {
    return this.#state?.previous;
  }

  /** One order as last seen. */
  order(orderNumber: string): WatchedOrder | undefined {
    return this.#state?.view.orders.get(orderNumber);
  }

  /** The number of the last event (0 before any). */
  get lastSeq(): number {
    return this.#state?.seq ?? 0;
  }

  /**
   * Subscribes; with `after`, first replays the journal's events numbered above it (what a consumer
   * missed while it was down). Returns the unsubscribe function.
   */
  subscribe(listener: OrderListener, after?: number): () => void {
    if (after !== undefined) for (const e of this.#state?.journal ?? []) if (e.seq > after) listener(e);
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads the last view and starts looking on the interval (the first look at once). */
  async start(): Promise<void> {
    await this.#load();
    if (this.#running) return;
    this.#running = true;
    void this.#loop();
  }

  /** Stops looking. */
  close(): void {
    this.#life.abort(new Error('the order watcher is closed'));
  }

  /**
   * One look at the books now (shared with one already under way). A failed read changes nothing and
   * is tried again on the next look, the client logging in again when the session expired.
   */
  poll(): Promise<readonly OrderEvent[]> {
    this.#polling ??= this.#look().finally(() => {
      this.#polling = undefined;
    });
    return this.#polling;
  }

  async #load(): Promise<WatcherState> {
    this.#state ??= (await loadWatcherState(this.#o.statePath)) ?? {
      day: istDate(this.#o.clock.now()),
      seq: 0,
      view: EMPTY_VIEW,
      journal: [],
    };
    return this.#state;
  }

  async #look(): Promise<readonly OrderEvent[]> {
    const state = await this.#load();
    const signal = this.#life.signal;
    let book: Awaited<ReturnType<WatcherOptions['broker']['getOrderBook']>>;
    let trades: Awaited<ReturnType<WatcherOptions['broker']['getTradeBook']>>;
    try {
      // In the watcher's own lane: its looks never wait behind people's reads, and are always fresh.
      const call = { signal, lane: 'watcher' } as const;
      [book, trades] = await Promise.all([
        this.#o.broker.getOrderBook(call),
        this.#o.broker.getTradeBook(call),
      ]);
    } catch (error) {
      if (!signal.aborted) {
        (this.#o.logger ?? silentLogger).warn('order watcher: the books could not be read; trying again', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return [];
    }
    const now = this.#o.clock.now();
    const day = istDate(now);
    // A new day starts from an empty view: yesterday's orders are gone from the books.
    const base = day === state.day ? state.view : EMPTY_VIEW;
    const diff = diffBooks(base, book, trades, toIstIso(now));
    let seq = state.seq;
    const events = diff.events.map((e) => ({ ...e, seq: ++seq }));
    if (events.length === 0 && day === state.day && diff.view.orders.size === state.view.orders.size) {
      this.#state = { ...state, view: diff.view };
      return [];
    }
    const keep = this.#o.journalSize ?? 2_000;
    const previous =
      day === state.day ? state.previous : { day: state.day, orders: [...state.view.orders.values()] };
    const next: WatcherState = {
      day,
      seq,
      view: diff.view,
      journal: [...state.journal, ...events].slice(-keep),
      ...(previous === undefined ? {} : { previous }),
    };
    // Saved before anyone hears of it: after a crash the events are in the journal, never emitted twice.
    await saveWatcherState(this.#o.statePath, next);
    this.#state = next;
    for (const event of events) for (const listener of this.#listeners) listener(event);
    return events;
  }

  async #loop(): Promise<void> {
    const signal = this.#life.signal;
    while (!signal.aborted) {
      await this.poll().catch(() => []);
      const open = this.#o.hours === undefined || isMarketOpen(this.#o.clock.now(), this.#o.hours);
      const pause = open ? (this.#o.intervalMs ?? 2_000) : (this.#o.closedIntervalMs ?? 30_000);
      try {
        await this.#o.clock.sleep(pause, signal);
      } catch {
        return;
      }
    }
  }
}

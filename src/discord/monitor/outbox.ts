import { istDate } from '../../core/time/ist.js';
import type { WatchedOrder } from '../../core/watcher/index.js';
import type { MessageBody } from '../messages.js';
import { Doorbell } from './doorbell.js';
import { orderFingerprint } from './order-message.js';
import { loadOutbox, saveOutbox, serialSaves } from './outbox-file.js';
import type { OrderEntry, PlacedBy, SummaryEntry } from './types.js';

/** Orders kept at most; the oldest whose message is up to date are let go first. */
const MAX_ORDERS = 10_000;
/** Summaries remembered (each says its day was posted). */
const MAX_SUMMARIES = 14;

/** What the sender does next: bring one order's message up to date, or post a day's summary. */
export type Job =
  | { readonly kind: 'order'; readonly entry: OrderEntry; readonly revision: number }
  | { readonly kind: 'summary'; readonly summary: SummaryEntry };

/** The IST day an order belongs to: the day it was placed (else the day it was first seen). */
export function dayOf(order: WatchedOrder): string {
  const ms = Date.parse(order.placedAt ?? order.firstSeenAt);
  return Number.isNaN(ms) ? order.firstSeenAt.slice(0, 10) : istDate(ms);
}

/**
 * The monitoring channel's outbox, kept in the data dir: each order's latest state and the message
 * showing it, the last watcher event taken in, and the day summaries. Taking in a change is synchronous
 * (the watcher never waits for Discord); saves are atomic, one at a time, and coalesced.
 */
export class Outbox {
  readonly #orders = new Map<string, OrderEntry>();
  /** Orders whose message is behind, in the order they fell behind. */
  readonly #behind = new Set<string>();
  readonly #summaries = new Map<string, SummaryEntry>();
  #lastSeq = 0;
  #savedUnposted: OrderEntry[] = [];
  readonly #bell = new Doorbell();
  readonly #save: () => Promise<void>;

  private constructor(path: string) {
    this.#save = serialSaves(() =>
      saveOutbox(path, {
        lastSeq: this.#lastSeq,
        orders: [...this.#orders.values()],
        summaries: [...this.#summaries.values()],
      }),
    );
  }

  /** Opens the outbox at `path`; `fresh` when there was none (or it was unreadable and moved aside). */
  static async open(path: string): Promise<{ outbox: Outbox; fresh: boolean; setAside?: string }> {
    const outbox = new Outbox(path);
    const loaded = await loadOutbox(path);
    const state = loaded.state;
    if (state !== undefined) {
      outbox.#lastSeq = state.lastSeq;
      for (const entry of state.orders) {
        outbox.#orders.set(entry.orderNumber, { ...entry });
        if (entry.revision > entry.sentRevision) outbox.#behind.add(entry.orderNumber);
      }
      for (const summary of state.summaries) outbox.#summaries.set(summary.day, { ...summary });
      outbox.#savedUnposted = [...outbox.#orders.values()].filter((e) => e.messageId === undefined);
    }
    return {
      outbox,
      fresh: state === undefined,
      ...(loaded.setAside === undefined ? {} : { setAside: loaded.setAside }),
    };
  }

  /** The number of the last watcher event taken in. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** Messages still to post or edit. */
  get backlog(): number {
    return this.#behind.size + [...this.#summaries.values()].filter((s) => !s.posted).length;
  }

  /**
   * Takes in an order's latest state, seen by the watcher at `at` (in event `seq`, when it came as one);
   * queues an edit when the message would show something new.
   */
  record(order: WatchedOrder, at: string, seq?: number): void {
    if (seq !== undefined && seq > this.#lastSeq) this.#lastSeq = seq;
    const known = this.#orders.get(order.orderNumber);
    if (known && orderFingerprint(known.order) === orderFingerprint(order)) return;
    if (known) {
      known.order = order;
      known.changedAt = at;
      known.revision += 1;
    } else {
      this.#orders.set(order.orderNumber, {
        orderNumber: order.orderNumber,
        day: dayOf(order),
        order,
        changedAt: at,
        reposts: 0,
        revision: 1,
        sentRevision: 0,
      });
      this.#prune(dayOf(order));
    }
    this.#behind.add(order.orderNumber);
    this.#bell.ring();
  }

  /** Moves the last event taken in forward (after catching up from the watcher's view). */
  caughtUpTo(seq: number): void {
    if (seq > this.#lastSeq) this.#lastSeq = seq;
  }

  /** An order as the outbox holds it. */
  order(orderNumber: string): OrderEntry | undefined {
    return this.#orders.get(orderNumber);
  }

  /** Orders that were saved with no message id: a post of theirs may have gone out before a stop. */
  savedUnposted(): OrderEntry[] {
    return this.#savedUnposted;
  }

  /** Keeps who placed an order (looked up once). */
  setPlacedBy(orderNumber: string, placedBy: PlacedBy): void {
    const entry = this.#orders.get(orderNumber);
    if (entry) entry.placedBy = placedBy;
  }

  /** The next message to send: the order that fell behind first, then summaries not yet posted. */
  next(): Job | undefined {
    for (const number of this.#behind) {
      const entry = this.#orders.get(number);
      if (entry && entry.revision > entry.sentRevision)
        return { kind: 'order', entry, revision: entry.revision };
      this.#behind.delete(number);
    }
    for (const summary of this.#summaries.values()) if (!summary.posted) return { kind: 'summary', summary };
    return undefined;
  }

  /** The message `messageId` now shows `revision` of the order. */
  shown(orderNumber: string, revision: number, messageId: string): void {
    const entry = this.#orders.get(orderNumber);
    if (!entry) return;
    entry.messageId = messageId;
    entry.sentRevision = Math.max(entry.sentRevision, revision);
    if (entry.sentRevision >= entry.revision) this.#behind.delete(orderNumber);
  }

  /** Gives up on showing `revision` (Discord refused it for good); a later change is tried again. */
  skip(orderNumber: string, revision: number): void {
    const entry = this.#orders.get(orderNumber);
    if (!entry) return;
    entry.sentRevision = Math.max(entry.sentRevision, revision);
    if (entry.sentRevision >= entry.revision) this.#behind.delete(orderNumber);
  }

  /** The order's message is gone (someone deleted it): a new one is posted, under a new nonce. */
  lost(orderNumber: string): void {
    const entry = this.#orders.get(orderNumber);
    if (!entry) return;
    delete entry.messageId;
    entry.reposts += 1;
    entry.sentRevision = 0;
    this.#behind.add(orderNumber);
  }

  /** True when the outbox follows this order. */
  has(orderNumber: string): boolean {
    return this.#orders.has(orderNumber);
  }

  /** The latest state of the orders of an IST day that the outbox still holds. */
  ordersOf(day: string): WatchedOrder[] {
    return [...this.#orders.values()].filter((e) => e.day === day).map((e) => e.order);
  }

  /** True when the day's summary was composed (posted or on its way). */
  hasSummary(day: string): boolean {
    return this.#summaries.has(day);
  }

  /** Queues the day's summary for posting. */
  addSummary(day: string, body: MessageBody): void {
    if (this.#summaries.has(day)) return;
    this.#summaries.set(day, { day, body, posted: false });
    while (this.#summaries.size > MAX_SUMMARIES) {
      const oldest = [...this.#summaries.values()].find((s) => s.posted);
      if (!oldest) break;
      this.#summaries.delete(oldest.day);
    }
    this.#bell.ring();
  }

  /** The day's summary was posted (or given up on: `messageId` undefined). */
  summaryDone(day: string, messageId: string | undefined): void {
    const summary = this.#summaries.get(day);
    if (!summary) return;
    summary.posted = true;
    if (messageId !== undefined) summary.messageId = messageId;
  }

  /** Resolves once there may be something to send, or when `signal` aborts. */
  whenWork(signal: AbortSignal): Promise<void> {
    return this.next() === undefined ? this.#bell.wait(signal) : Promise.resolve();
  }

  /** Saves the outbox (atomically, one save at a time); resolves once every change so far is on disk. */
  persist(): Promise<void> {
    return this.#save();
  }

  /** Lets go of orders of earlier days whose message is up to date, and of the oldest past the cap. */
  #prune(today: string): void {
    const first = this.#orders.values().next().value;
    if (first === undefined || (first.day >= today && this.#orders.size <= MAX_ORDERS)) return;
    for (const entry of this.#orders.values()) {
      const done = entry.sentRevision >= entry.revision && entry.messageId !== undefined;
      if (done && (entry.day < today || this.#orders.size > MAX_ORDERS))
        this.#orders.delete(entry.orderNumber);
    }
  }
}

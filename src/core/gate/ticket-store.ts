import type { Ticket, TicketStatus } from './types.js';

/** Statuses after which nothing more happens to a ticket. */
export const FINAL_TICKET_STATUSES: ReadonlySet<TicketStatus> = new Set<TicketStatus>([
  'REFUSED',
  'DECLINED',
  'EXPIRED',
  'NOT_PLACED',
  'COMPLETE',
  'REJECTED',
  'CANCELED',
  'SETTLED',
]);

/** A ticket the gate holds in memory, with the bookkeeping of its life. */
export interface HeldTicket {
  readonly ticket: Ticket;
  /** The last leg outcomes written to the audit log, so following writes only changes. */
  lastAudited?: string;
  /** Legs whose share of the daily caps was given back (they never reached the broker). */
  readonly releasedLegs: Set<number>;
  /** When the orders were sent (the `submitted` record), for judging an ambiguous outcome. */
  sentAt?: number;
  /** Last change, for retention. */
  touchedAt: number;
  /** The record of its expiry being written (set with the status: wait for it before saying so). */
  expiring?: Promise<unknown>;
  /** A background search of the order book for its ambiguous legs is under way. */
  looking?: boolean;
  /** The order-book read under way for its ambiguous legs, shared by whoever asks meanwhile. */
  lookInFlight?: Promise<void> | undefined;
}

/** How long settled tickets stay in memory; older ones are found again in the audit log. */
export interface Retention {
  readonly settledMs: number;
  readonly maxSettled: number;
}

/**
 * The tickets in memory, by id: every ticket still in play, and settled ones for a retention window (and
 * at most `maxSettled` of them), so memory stays bounded however many tickets a process sees.
 */
export class TicketStore {
  readonly #held = new Map<string, HeldTicket>();

  constructor(private readonly retention: Retention) {}

  get(id: string): HeldTicket | undefined {
    return this.#held.get(id);
  }

  /** Newest first. */
  list(): HeldTicket[] {
    return [...this.#held.values()].reverse();
  }

  get size(): number {
    return this.#held.size;
  }

  add(held: HeldTicket, now: number): void {
    this.#held.set(held.ticket.id, held);
    this.evict(now);
  }

  /** Drops settled tickets past the window, then the oldest settled ones beyond the cap. */
  evict(now: number): void {
    const settled: HeldTicket[] = [];
    for (const held of this.#held.values()) {
      if (!FINAL_TICKET_STATUSES.has(held.ticket.status)) continue;
      if (now - held.touchedAt > this.retention.settledMs) this.#held.delete(held.ticket.id);
      else settled.push(held);
    }
    const excess = settled.length - this.retention.maxSettled;
    if (excess > 0) {
      settled.sort((a, b) => a.touchedAt - b.touchedAt);
      for (const held of settled.slice(0, excess)) this.#held.delete(held.ticket.id);
    }
  }
}

import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import type { OrderEvent } from '../watcher/index.js';
import type { LegFollower } from './follow.js';
import { legSettled, outcomeOf, type PlacingBroker, sendTicket } from './placement.js';
import { lookInBook, type SettleTiming } from './reconcile.js';
import type { HeldTicket } from './ticket-store.js';

/** What following the orders of approved tickets needs from the gate. */
export interface OutcomeDeps {
  readonly broker: Pick<BrokerClient, 'getOrderBook'> & PlacingBroker;
  readonly clock: Clock;
  readonly follower: LegFollower;
  readonly settle: SettleTiming;
  /** How long an approval waits for the broker's first word on its orders. */
  readonly acceptWaitMs: number;
  /** How long the gate keeps following open orders by itself (without an order feed). */
  readonly followMs: number;
  /** Aborts when the gate closes: every wait stops. */
  readonly life: AbortSignal;
  /** A ticket in memory by id. */
  readonly held: (id: string) => HeldTicket | undefined;
  /** Records the legs' latest outcomes (status, releases, audit, listeners). */
  readonly record: (held: HeldTicket, event: string) => Promise<void>;
}

/**
 * What becomes of an approved ticket's orders: sent once, an ambiguous outcome settled from the order
 * book (at once, then backing off, never as "not placed" before the answer window), and each order
 * followed to its end, from the order feed when there is one.
 */
export class TicketOutcomes {
  constructor(private readonly d: OutcomeDeps) {}

  /** Sends once and records the broker's immediate answer; never throws. */
  async send(held: HeldTicket, signal?: AbortSignal): Promise<void> {
    await sendTicket(this.d.broker, held.ticket, signal);
    await this.d.record(held, 'sent');
  }

  /** After sending: settles an ambiguous outcome and waits a while for the broker's first word; never throws. */
  async settle(held: HeldTicket, signal?: AbortSignal): Promise<void> {
    const { ticket } = held;
    if (ticket.status === 'UNKNOWN') {
      await this.look(held, signal);
      if (ticket.status === 'UNKNOWN') void this.keepLooking(held);
    }
    await this.follow(held, 'accepted', this.d.acceptWaitMs);
    this.followInBackground(held);
  }

  /** One look in the order book for the legs of unknown outcome (one at a time per ticket). */
  look(held: HeldTicket, signal?: AbortSignal): Promise<void> {
    held.lookInFlight ??= (async () => {
      try {
        const facts = {
          sentAt: held.sentAt ?? Date.parse(held.ticket.decidedAt ?? held.ticket.createdAt),
          startedAt: this.d.clock.now(),
          answerWindowMs: this.d.settle.answerWindowMs,
        };
        if (await lookInBook(this.d.broker, held.ticket, facts, signal))
          await this.d.record(held, 'reconciled');
      } finally {
        held.lookInFlight = undefined;
      }
    })();
    return held.lookInFlight;
  }

  /** Keeps looking, backing off, until the book settles every leg or the search's time is up. */
  async keepLooking(held: HeldTicket): Promise<void> {
    if (held.looking) return;
    held.looking = true;
    const { ticket } = held;
    const sentAt = held.sentAt ?? this.d.clock.now();
    let delay = this.d.settle.firstDelayMs;
    try {
      while (ticket.status === 'UNKNOWN' && this.d.clock.now() - sentAt < this.d.settle.lookForMs) {
        await this.d.clock.sleep(delay, this.d.life);
        await this.look(held, this.d.life);
        delay = Math.min(this.d.settle.maxDelayMs, delay * 2);
      }
      this.followInBackground(held);
    } catch {
      // The gate closed; status reads (and the next start) carry on.
    } finally {
      held.looking = false;
    }
  }

  /** Brings the legs up to date, waiting up to `timeoutMs` for them to reach `until`, and records them. */
  async follow(
    held: HeldTicket,
    until: 'accepted' | 'final',
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    const life = this.d.life;
    await this.d.follower.follow(
      held.ticket,
      until,
      timeoutMs,
      signal === undefined ? life : AbortSignal.any([signal, life]),
    );
    await this.d.record(held, 'order_update');
  }

  /** An order's news from the feed: the leg of a ticket in play that placed it follows it. */
  observe(event: OrderEvent): void {
    const { source } = event.order;
    if (source.kind !== 'ticket') return;
    const held = this.d.held(source.ticketId);
    if (held === undefined) return;
    const legs = held.ticket.legs;
    const tag = event.order.remarks?.trimStart().split(/\s+/, 1)[0];
    let index = legs.findIndex((l) => l.outcome?.orderNumber === event.orderNumber);
    if (index < 0) {
      // An order of unknown outcome shows up: its tag (and symbol, for a straddle's shared tag) says which leg.
      index = legs.findIndex(
        (l) =>
          l.outcome?.status === 'UNKNOWN' &&
          l.request.tag === tag &&
          (legs.length === 1 || l.intent.tradingSymbol === event.order.tradingSymbol),
      );
    }
    const leg = legs[index];
    if (leg === undefined) return;
    leg.outcome = outcomeOf(event.order);
    void this.d.record(held, 'order_update').catch(() => undefined);
  }

  /** Without an order feed, open orders are followed by the gate itself for a while. */
  followInBackground(held: HeldTicket): void {
    if (!this.d.follower.asksByItself) return;
    if (held.ticket.legs.some((l) => !legSettled(l.outcome) && l.outcome?.orderNumber)) {
      void this.follow(held, 'final', this.d.followMs).catch(() => undefined);
    }
  }
}

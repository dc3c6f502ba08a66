import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import type { OrderEvent, WatchedOrder } from '../watcher/index.js';
import { legSettled, outcomeOf } from './placement.js';
import type { LegOutcome, Ticket } from './types.js';

/** A feed of order events the gate can follow its orders by (the order watcher). */
export interface OrderFeed {
  subscribe(listener: (event: OrderEvent) => void): () => void;
  /** An order as last seen. */
  order(orderNumber: string): WatchedOrder | undefined;
  /** Looks at the books now; resolves once the events of that look were delivered. */
  poll(): Promise<readonly OrderEvent[]>;
}

/** How the legs of a ticket learn what became of their orders. */
export interface LegFollower {
  /** Brings the legs' outcomes up to date, waiting up to `timeoutMs` for them to reach `until`. */
  follow(ticket: Ticket, until: 'accepted' | 'final', timeoutMs: number, signal: AbortSignal): Promise<void>;
  /** True when the gate must keep asking by itself afterwards (no feed brings the news). */
  readonly asksByItself: boolean;
}

const WAITING = new Set(['PENDING', 'UNKNOWN']);

function reached(outcome: LegOutcome | undefined, until: 'accepted' | 'final'): boolean {
  if (outcome?.orderNumber === undefined || legSettled(outcome)) return true;
  return until === 'accepted' && !WAITING.has(outcome.status);
}

/** Each open leg reads its own order's history until it settles: for a gate without an order feed. */
export function brokerFollower(broker: Pick<BrokerClient, 'waitForOrder'>): LegFollower {
  return {
    asksByItself: true,
    async follow(ticket, until, timeoutMs, signal) {
      await Promise.all(
        ticket.legs.map(async (leg) => {
          const number = leg.outcome?.orderNumber;
          if (!number || legSettled(leg.outcome)) return;
          try {
            const seen = await broker.waitForOrder(number, { until, timeoutMs, signal, lane: 'placement' });
            leg.outcome = outcomeOf(seen.order);
          } catch {
            // Following is best effort: the order's fate stays readable from the broker.
          }
        }),
      );
    },
  };
}

/**
 * The legs follow the order feed: one look at the books for every ticket at once (never a history read
 * per order), then the feed's events, which the gate applies to its legs as they come.
 */
export function feedFollower(feed: OrderFeed, clock: Clock): LegFollower {
  return {
    asksByItself: false,
    async follow(ticket, until, timeoutMs, signal) {
      const done = (): boolean => ticket.legs.every((l) => reached(l.outcome, until));
      await feed.poll().catch(() => []);
      // The feed's view also holds what changed before anyone listened (while this process was down).
      for (const leg of ticket.legs) {
        const seen = leg.outcome?.orderNumber === undefined ? undefined : feed.order(leg.outcome.orderNumber);
        if (seen !== undefined) leg.outcome = outcomeOf(seen);
      }
      if (done() || timeoutMs <= 0) return;
      const stopped = new AbortController();
      const both = AbortSignal.any([signal, stopped.signal]);
      const unsubscribe = feed.subscribe(() => {
        if (done()) stopped.abort();
      });
      try {
        await clock.sleep(timeoutMs, both).catch(() => undefined);
      } finally {
        unsubscribe();
      }
    },
  };
}

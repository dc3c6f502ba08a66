import type { AuditLog } from '../audit/index.js';
import type { InstrumentCatalog } from '../catalogue/index.js';
import type { TradingPolicy } from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import type { OrderFeed } from './follow.js';
import type { GatePeople } from './person-rules.js';
import type { SettleTiming } from './reconcile.js';
import type { Retention } from './ticket-store.js';
import type { Ticket } from './types.js';

/** The broker methods the gate uses. */
export type GateBroker = Pick<
  BrokerClient,
  | 'getQuote'
  | 'calculateSpan'
  | 'getLimits'
  | 'placeOrder'
  | 'placeOrders'
  | 'placeLongStraddle'
  | 'getOrderBook'
  | 'waitForOrder'
  | 'getOrderHistory'
  | 'cancelOrder'
  | 'modifyOrder'
>;

export interface GateOptions {
  readonly broker: GateBroker;
  /** The current instrument master (it changes as expiries roll). */
  readonly catalog: () => InstrumentCatalog;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly policy: TradingPolicy & { readonly killSwitchFile?: string };
  /** How long a ticket waits for a decision (default 120 s). */
  readonly ttlMs?: number;
  /** Largest price move allowed between preview and approval, percent (default 2). */
  readonly maxPriceDriftPct?: number;
  /** The move always allowed, in ticks, however cheap the contract (default 10). */
  readonly maxPriceDriftTicks?: number;
  /** How long an approval waits for the orders to be accepted or rejected before answering (default 10 s). */
  readonly acceptWaitMs?: number;
  /** How long the gate keeps following open orders afterwards (default 15 min). */
  readonly followMs?: number;
  /** How an ambiguous placement is settled from the order book. */
  readonly settle?: Partial<SettleTiming>;
  /** How long settled tickets stay in memory (default an hour, at most 500). */
  readonly retention?: Partial<Retention>;
  /**
   * The order watcher: when given, tickets follow their orders from its events (one look at the books
   * for all of them) instead of each reading its orders' histories.
   */
  readonly feed?: OrderFeed;
  /**
   * With a people file: decisions are judged by person and role (four-eyes across channels), and each
   * requester's own caps hold on top of the desk's. Without it, the desk has one operator.
   */
  readonly people?: GatePeople;
}

/** Told of every ticket change (a copy: listeners cannot change the gate's tickets). */
export type TicketListener = (ticket: Ticket, event: string) => void;

import type { AccountLimits, MarginEstimate } from '../domain/account.js';
import type { Candle } from '../domain/candle.js';
import type { OptionGreeks } from '../domain/greeks.js';
import type { Holding } from '../domain/holding.js';
import type { Order, OrderHistory } from '../domain/order.js';
import type { Quote } from '../domain/quote.js';
import type { IndexEntry, SecurityInfo } from '../domain/security.js';
import type { SessionInfo } from '../domain/session.js';
import type { Trade } from '../domain/trade.js';
import type { OrderRequest } from '../orders/order-request.js';
import type { ReconcileOptions, Reconciliation } from '../orders/reconcile.js';
import type { OrderWaitResult, WaitOptions } from '../orders/wait.js';
import type { Exchange } from '../vocabulary/index.js';
import type { CandleQuery } from './candles.js';
import type { GreeksQuery } from './market-data.js';
import type { CallOptions, CallRoute } from './options.js';
import type { OrderChanged, OrderModification } from './order-changes.js';
import type { LegResult, PlacedOrder } from './placement-results.js';
import type { SpanQuery } from './span.js';
import type { StraddleRequest, StraddleResult } from './straddle.js';
import type { InstrumentRef } from './validate.js';

/**
 * The broker client. Every method rejects with a `BrokerError` (never a raw library error) and accepts
 * an `AbortSignal`; results carry the wire payload as `raw` (secrets redacted).
 */
export interface BrokerClient {
  /** Logs in now (concurrent callers share one login); calls log in by themselves when needed. */
  login(call?: CallOptions): Promise<SessionInfo>;
  /** Last trade, day range, circuit band and 5-level depth of an instrument. */
  getQuote(instrument: InstrumentRef, call?: CallOptions): Promise<Quote>;
  /** Tick size, lot size, precision, multiplier and price factor of an instrument. */
  getSecurityInfo(instrument: InstrumentRef, call?: CallOptions): Promise<SecurityInfo>;
  /** Indices of an exchange (default NSE) with their tokens. */
  listIndices(exchange?: Exchange, call?: CallOptions): Promise<readonly IndexEntry[]>;
  /** Candles of a window, oldest first, paged and merged for long windows. */
  getCandles(query: CandleQuery, call?: CallOptions): Promise<readonly Candle[]>;
  /** Price and greeks of the call and the put at a strike. */
  getOptionGreeks(query: GreeksQuery, call?: CallOptions): Promise<OptionGreeks>;
  /** Span and exposure margin for derivative positions. */
  calculateSpan(query: SpanQuery, call?: CallOptions): Promise<MarginEstimate>;
  /** Cash, margin used and what is available (V3 or V4 endpoint). */
  getLimits(options?: CallOptions & { readonly version?: 'V3' | 'V4' }): Promise<AccountLimits>;
  /** Sends one order (never retried); resolves once the OMS has received it. */
  placeOrder(order: OrderRequest, call?: CallOptions): Promise<PlacedOrder>;
  /** Sends 1 to 10 orders in one call; one answer per order, in order. */
  placeOrders(orders: readonly OrderRequest[], call?: CallOptions): Promise<readonly LegResult[]>;
  /** Buys the call and the put at one strike. */
  placeLongStraddle(straddle: StraddleRequest, call?: CallOptions): Promise<StraddleResult>;
  /**
   * Cancels what is left of a working order (never retried; a lost answer is settled from the order's
   * history, else `OUTCOME_UNKNOWN`).
   */
  cancelOrder(orderNumber: string, call?: CallOptions): Promise<OrderChanged>;
  /** Gives a working order new terms; never retried, settled from the history like a cancel. */
  modifyOrder(modification: OrderModification, call?: CallOptions): Promise<OrderChanged>;
  /** One order's reports, newest first, and its current state. */
  getOrderHistory(orderNumber: string, call?: CallOptions): Promise<OrderHistory>;
  /** Today's orders in their latest state. */
  getOrderBook(options?: CallOptions & { readonly exchange?: Exchange }): Promise<readonly Order[]>;
  /** Today's fills. */
  getTradeBook(call?: CallOptions): Promise<readonly Trade[]>;
  /** Demat, collateral and unsettled holdings. */
  getHoldings(call?: CallOptions): Promise<readonly Holding[]>;
  /** Follows an order until it settles (or time runs out) and returns its latest state. */
  waitForOrder(orderNumber: string, options?: WaitOptions & CallRoute): Promise<OrderWaitResult>;
  /** Settles a placement of unknown outcome by its tag. */
  reconcileOrder(tag: string, options?: ReconcileOptions & CallOptions): Promise<Reconciliation>;
  /**
   * The same client for calls that name no lane or asker of their own: `as({ asker: 'discord:123' })`
   * for a person's request (people's reads queue fairly by asker), `as({ lane: 'watcher' })` for a
   * component's. Made per request; it shares everything with the client, which alone is closed.
   */
  as(route: CallRoute): BrokerView;
  /** Stops every wait and request under way and closes the connection pools the client owns. */
  close(): Promise<void>;
}

/** The client under a route (see `BrokerClient.as`). */
export type BrokerView = Omit<BrokerClient, 'close'>;

/**
 * The reads of the client: everything an adapter may call itself (orders go through the gate), and the
 * same reads for one asker.
 */
export type BrokerReads = ReadMethods & { as(route: CallRoute): BrokerReads };

type ReadMethods = Pick<
  BrokerClient,
  | 'getQuote'
  | 'getCandles'
  | 'getSecurityInfo'
  | 'listIndices'
  | 'getOptionGreeks'
  | 'calculateSpan'
  | 'getOrderBook'
  | 'getTradeBook'
  | 'getOrderHistory'
  | 'getHoldings'
  | 'getLimits'
>;

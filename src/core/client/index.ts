export type { Clock } from '../clock.js';
export { systemClock } from '../clock.js';
export type { AccountLimits, MarginEstimate } from '../domain/account.js';
export type { Candle } from '../domain/candle.js';
export type { Open, OrderSide, OrderState } from '../domain/enums.js';
export type { Greeks, OptionGreeks } from '../domain/greeks.js';
export type { Holding, HoldingListing } from '../domain/holding.js';
export type { Order, OrderEvent, OrderHistory } from '../domain/order.js';
export type { DepthLevel, Quote } from '../domain/quote.js';
export { parseRejection, type Rejection, type RejectionKind } from '../domain/rejection.js';
export type { IndexEntry, PriceFactor, SecurityInfo } from '../domain/security.js';
export type { SessionInfo } from '../domain/session.js';
export type { Trade } from '../domain/trade.js';
export {
  BROKER_ERROR_CODES,
  BrokerError,
  type BrokerErrorCode,
  type BrokerErrorDetails,
  isBrokerError,
} from '../errors.js';
export type { LogFields, Logger } from '../logger.js';
export type { OrderRequest } from '../orders/order-request.js';
export type { ReconcileOptions, Reconciliation } from '../orders/reconcile.js';
export { newTag, remarksHaveTag, TAG_PATTERN } from '../orders/tag.js';
export type { OrderWaitResult, WaitOptions } from '../orders/wait.js';
export type { BrokerCredentials } from '../session/credentials.js';
export { createMemorySessionStore, type Session, type SessionStore } from '../session/store.js';
export { DEFAULT_LANE_RESERVES, LANES, type Lane, type LaneReserves } from '../transport/lanes.js';
export type { RateLimit, RateLimitOptions } from '../transport/rate-limiter.js';
export type { RetryPolicy } from '../transport/retry.js';
export type { CandleQuery } from './candles.js';
export { createBrokerClient } from './create-broker-client.js';
export type { GreeksQuery } from './market-data.js';
export type { ClientObserver, ExchangeOutcome, ExchangeReport, SlotReport } from './observer.js';
export type { BrokerClientOptions, CallOptions, CallRoute, Timeouts } from './options.js';
export type { OrderChanged, OrderModification } from './order-changes.js';
export type { LegResult, PlacedOrder } from './placement-results.js';
export { DEFAULT_FRESHNESS, type Freshness, SHARE_KINDS, type ShareKind } from './shared-reads.js';
export type { SpanPositionInput, SpanQuery } from './span.js';
export type { StraddleRequest, StraddleResult } from './straddle.js';
export type { BrokerClient, BrokerReads, BrokerView } from './types.js';
export type { InstrumentRef, TimeInput } from './validate.js';

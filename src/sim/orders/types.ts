import type {
  Exchange,
  OrderStatus,
  PriceType,
  Product,
  RejectingParty,
  ReportType,
  Retention,
  Side,
} from '../../core/vocabulary/index.js';
import type { SimInstrument } from '../market/types.js';

/** A placement request once it passed the synchronous checks: enums resolved, numbers parsed. */
export interface OrderTicket {
  readonly instrument: SimInstrument;
  readonly exchange: Exchange;
  readonly quantity: number;
  /** Rupees; 0 for market orders. */
  readonly price: number;
  /** Rupees; 0 unless a stop order. */
  readonly triggerPrice: number;
  readonly product: Product;
  readonly side: Side;
  readonly priceType: PriceType;
  readonly retention: Retention;
  readonly remarks: string;
}

/**
 * Where an order is in the engine: `ack` waits for its risk checks, `trigger` for its stop price,
 * `working` rests (or is about to walk the book), `done` is final.
 */
export type OrderPhase = 'ack' | 'trigger' | 'working' | 'done';

/** What a modification may change of a working order. */
export interface OrderTerms {
  readonly quantity: number;
  readonly price: number;
  readonly triggerPrice: number;
  readonly priceType: PriceType;
}

/** One report of an order's life: what its history shows as one entry. */
export interface OrderReport {
  readonly rpt: ReportType;
  readonly status: OrderStatus;
  readonly at: number;
  readonly filled: number;
  readonly averagePrice: number;
  readonly cancelled: number;
  readonly rejectReason: string;
  readonly rejectedBy: RejectingParty | '';
  readonly exchangeOrderNumber: string;
  /** Undefined until the exchange has seen the order (the history shows the 1980 sentinel). */
  readonly exchangeTime: number | undefined;
  /** The order's terms when the report was written (absent in state saved before modifications). */
  readonly terms?: OrderTerms;
}

/** An order in the simulator: its ticket, its state in the engine and its reports, oldest first. */
export interface SimOrder {
  readonly orderNumber: string;
  readonly userId: string;
  readonly accountId: string;
  /** Replaced whole when a modification is accepted. */
  ticket: OrderTicket;
  readonly placedAt: number;
  /** When the risk checks run: placement plus the configured order latency. */
  readonly riskAt: number;
  phase: OrderPhase;
  status: OrderStatus;
  exchangeOrderNumber: string;
  filled: number;
  /** Sum of price × quantity over the fills, for the average price. */
  filledValue: number;
  cancelled: number;
  rejectReason: string;
  rejectedBy: RejectingParty | '';
  /** The price a resting order fills at: the limit, or for a market remainder its last fill price. */
  restingPrice: number;
  /** Up to when the market has been checked against this order. */
  lastCheck: number;
  /** When a DAY or EOS order still open is cancelled (the end of its session). */
  expiresAt: number;
  /** Margin blocked for the whole order at acceptance, released as it fills or ends. */
  blockedMargin: number;
  /** The liquidity slot last filled in and how much of it this order took there. */
  slot: number;
  slotUsed: number;
  readonly reports: OrderReport[];
}

/** One fill of an order: a trade in the trade book. */
export interface SimTrade {
  readonly fillId: string;
  readonly orderNumber: string;
  readonly userId: string;
  readonly at: number;
  readonly price: number;
  readonly quantity: number;
  /** The order's cumulative filled quantity and average price after this fill. */
  readonly cumulative: number;
  readonly averagePrice: number;
}

/** A net position of one instrument and product (intraday and F&O; delivery lives in holdings). */
export interface PositionState {
  readonly key: string;
  readonly instrument: SimInstrument;
  readonly product: Product;
  /** Signed units: long above zero. */
  net: number;
  /** Average price of the open quantity. */
  averagePrice: number;
  realised: number;
  bought: number;
  sold: number;
}

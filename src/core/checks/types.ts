import type { Instrument } from '../catalogue/index.js';
import type { OrderSide } from '../domain/enums.js';
import type { Exchange, PriceType, Product, Retention } from '../vocabulary/index.js';

/** What someone wants to trade, before it becomes a wire payload. */
export interface OrderIntent {
  readonly exchange: Exchange;
  readonly tradingSymbol: string;
  readonly side: OrderSide;
  /** In units (shares, or contracts × lot size), not lots. */
  readonly quantity: number;
  readonly priceType: PriceType;
  /** Limit price in rupees: required for LMT and SL-LMT, absent (or 0) for MKT and SL-MKT. */
  readonly price?: number;
  /** Stop trigger in rupees: required for SL-LMT and SL-MKT, absent otherwise. */
  readonly triggerPrice?: number;
  readonly product: Product;
  readonly retention: Retention;
}

/** What is known of the market for the instrument, from a quote; every field may be missing. */
export interface MarketView {
  readonly lastPrice?: number;
  readonly bestBid?: number;
  readonly bestAsk?: number;
  readonly lowerCircuit?: number;
  readonly upperCircuit?: number;
}

/** The trading policy from configuration; caps left undefined are not enforced. */
export interface TradingPolicy {
  readonly readOnly: boolean;
  /** Per-order value cap in rupees. */
  readonly maxOrderValue?: number;
  /** Per-order quantity cap in units. */
  readonly maxOrderQuantity?: number;
  /** Orders per IST trading day. */
  readonly maxDailyOrders?: number;
  /** Total order value per IST trading day, in rupees. */
  readonly maxDailyValue?: number;
  readonly allowedExchanges: readonly Exchange[];
  readonly allowedProducts: readonly Product[];
  /** `exchange`: 09:15-15:30 IST Monday to Friday outside holidays; `always`: no hours check. */
  readonly marketHours: 'exchange' | 'always';
  /** Exchange holidays as IST dates, `YYYY-MM-DD`. */
  readonly holidays: readonly string[];
}

/** Orders and value already placed today (IST), counted by the caller. */
export interface DailyUsage {
  readonly orders: number;
  readonly value: number;
}

/** The kill switch as the caller found it: the runtime flag and whether the kill-switch file exists. */
export interface KillSwitchState {
  readonly flag: boolean;
  readonly fileExists: boolean;
  /** The file's path, named in the message. */
  readonly filePath?: string;
}

/** The moment and the day's state a check runs against. */
export interface CheckContext {
  /** Epoch milliseconds. */
  readonly now: number;
  readonly usage: DailyUsage;
  readonly killSwitch: KillSwitchState;
}

/** Everything one order check needs. */
export interface OrderCheckInput {
  readonly intent: OrderIntent;
  readonly instrument: Instrument;
  readonly market?: MarketView;
  readonly policy: TradingPolicy;
  readonly context: CheckContext;
}

/** Every rule a check can report. */
export const CHECK_RULES = [
  'READ_ONLY',
  'KILL_SWITCH',
  'MARKET_CLOSED',
  'EXCHANGE_NOT_ALLOWED',
  'PRODUCT_NOT_ALLOWED',
  'PRODUCT_SEGMENT',
  'INSTRUMENT_MISMATCH',
  'NOT_TRADABLE',
  'QUANTITY_INVALID',
  'LOT_SIZE',
  'FREEZE_QUANTITY',
  'PRICE_REQUIRED',
  'PRICE_NOT_ALLOWED',
  'PRICE_INVALID',
  'TICK_SIZE',
  'CIRCUIT_BAND',
  'TRIGGER_REQUIRED',
  'TRIGGER_NOT_ALLOWED',
  'TRIGGER_INVALID',
  'TRIGGER_TICK_SIZE',
  'TRIGGER_CIRCUIT_BAND',
  'TRIGGER_SIDE',
  'TRIGGER_LIMIT_ORDER',
  'VALUE_UNKNOWN',
  'QUOTE_UNAVAILABLE',
  'ORDER_VALUE_CAP',
  'ORDER_QUANTITY_CAP',
  'DAILY_ORDER_CAP',
  'DAILY_VALUE_CAP',
] as const;
export type CheckRule = (typeof CHECK_RULES)[number];

/** One broken rule: which, what to do about it, and the numbers involved. */
export interface Violation {
  readonly rule: CheckRule;
  readonly message: string;
  readonly numbers: Readonly<Record<string, number>>;
}

/** The outcome of checking one order. */
export interface CheckResult {
  readonly ok: boolean;
  readonly violations: readonly Violation[];
  /** The order's value in rupees as the caps saw it; undefined when it cannot be known. */
  readonly value: number | undefined;
}

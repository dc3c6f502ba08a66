import type { Exchange, PriceType, Product, ReportType, Retention } from '../vocabulary/index.js';
import type { Open, OrderSide, OrderState } from './enums.js';
import type { Rejection } from './rejection.js';

/** One state of an order, the same shape whichever generation or report it came from. */
export interface Order {
  readonly orderNumber: string;
  readonly exchange: Open<Exchange>;
  readonly tradingSymbol: string;
  readonly token: string | undefined;
  readonly side: OrderSide | 'UNKNOWN';
  readonly quantity: number;
  /** Total quantity traded so far (`fillshares`). */
  readonly filledQuantity: number;
  readonly cancelledQuantity: number | undefined;
  readonly disclosedQuantity: number | undefined;
  readonly price: number | undefined;
  readonly triggerPrice: number | undefined;
  readonly averagePrice: number | undefined;
  readonly priceType: Open<PriceType> | undefined;
  readonly product: Open<Product> | undefined;
  readonly retention: Open<Retention> | undefined;
  readonly status: OrderState;
  /** The status word as the broker sent it. */
  readonly statusText: string;
  readonly reportType: Open<ReportType> | undefined;
  /** Present when the status is `REJECTED`: the reason read into party, kind and numbers. */
  readonly rejection: Rejection | undefined;
  readonly remarks: string | undefined;
  readonly exchangeOrderId: string | undefined;
  /** When the OMS recorded this state (ISO 8601, +05:30). */
  readonly updatedAt: string | undefined;
  /** When the order was entered. */
  readonly placedAt: string | undefined;
  /** The exchange's time for this state; undefined while unknown (the 1980 sentinel). */
  readonly exchangeTime: string | undefined;
  readonly tickSize: number | undefined;
  readonly lotSize: number | undefined;
  readonly pricePrecision: number | undefined;
  /** The wire entry this state was read from. */
  readonly raw: unknown;
}

/** An order's history: every report, newest first as the broker lists them, and the latest state. */
export interface OrderHistory {
  readonly orderNumber: string;
  /** The latest state (`events[0]`). */
  readonly current: Order;
  readonly events: readonly Order[];
  readonly raw: unknown;
}

/** One entry of an order's history. */
export type OrderEvent = Order;

/** The groups an order book is read in, by the order's status. */
export const ORDER_GROUPS = {
  open: ['PENDING', 'OPEN', 'TRIGGER_PENDING'],
  complete: ['COMPLETE'],
  rejected: ['REJECTED'],
  canceled: ['CANCELED'],
} as const;
export type OrderGroup = keyof typeof ORDER_GROUPS;

/** The group of an order's status; `other` for a status the broker added that none names. */
export function orderGroup(o: Pick<Order, 'status'>): OrderGroup | 'other' {
  for (const [group, statuses] of Object.entries(ORDER_GROUPS))
    if ((statuses as readonly string[]).includes(o.status)) return group as OrderGroup;
  return 'other';
}

/** Orders counted by group. */
export function countByGroup(orders: readonly Order[]): Record<OrderGroup | 'other', number> {
  const counts = { open: 0, complete: 0, rejected: 0, canceled: 0, other: 0 };
  for (const o of orders) counts[orderGroup(o)] += 1;
  return counts;
}

import type { Open, OrderSide, OrderState } from '../domain/enums.js';
import type { Rejection } from '../domain/rejection.js';

/** What happened to an order between two looks at the books. */
export const ORDER_EVENT_KINDS = [
  'placed',
  'open',
  'trigger_pending',
  'partially_filled',
  'filled',
  'rejected',
  'cancelled',
  'modified',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who placed an order, as far as its remarks tell. */
export type OrderSource =
  | { readonly kind: 'ticket'; readonly ticketId: string; readonly leg?: number }
  | { readonly kind: 'client'; readonly tag: string }
  | { readonly kind: 'outside' };

/** One order as the watcher last saw it (kept in the data dir between runs). */
export interface WatchedOrder {
  readonly orderNumber: string;
  readonly exchange: Open<string>;
  readonly tradingSymbol: string;
  readonly side: OrderSide | 'UNKNOWN';
  readonly quantity: number;
  readonly price?: number;
  readonly triggerPrice?: number;
  readonly priceType?: string;
  readonly product?: string;
  readonly status: OrderState;
  /** The broker's own status word. */
  readonly statusText: string;
  readonly filledQuantity: number;
  readonly averagePrice?: number;
  readonly rejection?: Rejection;
  readonly remarks?: string;
  readonly source: OrderSource;
  /** When the broker took the order in (ISO 8601, +05:30), when known. */
  readonly placedAt?: string;
  /** When the broker last changed it, when known. */
  readonly updatedAt?: string;
  /** When the watcher first saw it. */
  readonly firstSeenAt: string;
}

/** One fill, as the trade book shows it. */
export interface FillSeen {
  readonly fillId: string;
  readonly quantity: number;
  readonly price: number;
  readonly time?: string;
}

/** A change to an order, numbered in the order the watcher saw them (per order, in the order they happened). */
export interface OrderEvent {
  /** Increases by one per event, across restarts: consumers keep the last one they handled. */
  readonly seq: number;
  readonly kind: OrderEventKind;
  readonly orderNumber: string;
  /** When the watcher saw it (ISO 8601, +05:30). */
  readonly at: string;
  /** The order after the change. */
  readonly order: WatchedOrder;
  /** For `modified`: what the quantity and prices were before. */
  readonly before?: Pick<WatchedOrder, 'quantity' | 'price' | 'triggerPrice'>;
  /** For fills: the fills seen since the last event of this order. */
  readonly fills?: readonly FillSeen[];
}

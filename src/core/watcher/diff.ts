import type { Order } from '../domain/order.js';
import type { Trade } from '../domain/trade.js';
import { isClientTag, readTicketTag } from '../orders/tag.js';
import type { FillSeen, OrderEvent, OrderEventKind, OrderSource, WatchedOrder } from './types.js';

/** Who placed an order, read from the first word of its remarks (where omsdesk writes its tag). */
export function sourceOfRemarks(remarks: string | undefined): OrderSource {
  const first = (remarks ?? '').trimStart().split(/\s+/, 1)[0] ?? '';
  const ticket = readTicketTag(first);
  if (ticket) return { kind: 'ticket', ...ticket };
  if (isClientTag(first)) return { kind: 'client', tag: first };
  return { kind: 'outside' };
}

/** The omsdesk ticket that placed an order, read where the gate writes its tag; undefined for any other. */
export function ticketOfRemarks(remarks: string | undefined): string | undefined {
  const source = sourceOfRemarks(remarks);
  return source.kind === 'ticket' ? source.ticketId : undefined;
}

/** What the watcher knows between looks: every order seen today, and every fill already reported. */
export interface WatchView {
  readonly orders: ReadonlyMap<string, WatchedOrder>;
  readonly fills: ReadonlySet<string>;
}

/** An event before it gets its number. */
export type UnnumberedEvent = Omit<OrderEvent, 'seq'>;

/** An empty view (a new day, or a first start). */
export const EMPTY_VIEW: WatchView = { orders: new Map(), fills: new Set() };

const fillKey = (t: Trade): string => `${t.orderNumber}:${t.fillId}`;

function watched(order: Order, filled: number, firstSeenAt: string): WatchedOrder {
  const optional = {
    price: order.price,
    triggerPrice: order.triggerPrice,
    priceType: order.priceType,
    product: order.product,
    averagePrice: order.averagePrice,
    rejection: order.rejection,
    remarks: order.remarks,
    placedAt: order.placedAt,
    updatedAt: order.updatedAt,
  };
  return {
    orderNumber: order.orderNumber,
    exchange: order.exchange,
    tradingSymbol: order.tradingSymbol,
    side: order.side,
    quantity: order.quantity,
    status: order.status,
    statusText: order.statusText,
    filledQuantity: filled,
    source: sourceOfRemarks(order.remarks),
    firstSeenAt,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

/** The kinds of change from `before` (undefined: never seen) to `now`, in the order they happened. */
function changes(before: WatchedOrder | undefined, now: WatchedOrder): OrderEventKind[] {
  const kinds: OrderEventKind[] = [];
  if (before === undefined) kinds.push('placed');
  else if (
    before.quantity !== now.quantity ||
    before.price !== now.price ||
    before.triggerPrice !== now.triggerPrice
  ) {
    kinds.push('modified');
  }
  const was = before?.status ?? 'PENDING';
  const moved = was !== now.status;
  const filledMore = now.filledQuantity > (before?.filledQuantity ?? 0);
  if (moved && now.status === 'TRIGGER_PENDING') kinds.push('trigger_pending');
  if (moved && now.status === 'OPEN') kinds.push('open');
  if (filledMore && now.status !== 'COMPLETE') kinds.push('partially_filled');
  if (moved && now.status === 'COMPLETE') kinds.push('filled');
  if (moved && now.status === 'REJECTED') kinds.push('rejected');
  if (moved && now.status === 'CANCELED') kinds.push('cancelled');
  return kinds;
}

/**
 * Turns one look at the order book and the trade book into events against the last view: new orders,
 * status changes, fills (with the fills the trade book shows for them), and modifications. Pure: the
 * same view and books give the same events. Orders are taken oldest first, so events read in time order.
 */
export function diffBooks(
  view: WatchView,
  book: readonly Order[],
  trades: readonly Trade[],
  at: string,
): { readonly events: UnnumberedEvent[]; readonly view: WatchView } {
  const newFills = new Map<string, FillSeen[]>();
  const tradedQuantity = new Map<string, number>();
  const fills = new Set(view.fills);
  for (const t of trades) {
    tradedQuantity.set(t.orderNumber, (tradedQuantity.get(t.orderNumber) ?? 0) + t.fillQuantity);
    if (fills.has(fillKey(t))) continue;
    fills.add(fillKey(t));
    const list = newFills.get(t.orderNumber) ?? [];
    list.push({
      fillId: t.fillId,
      quantity: t.fillQuantity,
      price: t.fillPrice,
      ...(t.fillTime === undefined ? {} : { time: t.fillTime }),
    });
    newFills.set(t.orderNumber, list);
  }
  const orders = new Map(view.orders);
  const events: UnnumberedEvent[] = [];
  const oldestFirst = [...book].sort(
    (a, b) =>
      (a.placedAt ?? '').localeCompare(b.placedAt ?? '') || a.orderNumber.localeCompare(b.orderNumber),
  );
  for (const order of oldestFirst) {
    const before = view.orders.get(order.orderNumber);
    // The trade book can run ahead of the order book: the larger figure is the truer one.
    const filled = Math.max(order.filledQuantity, tradedQuantity.get(order.orderNumber) ?? 0);
    const now = watched(order, filled, before?.firstSeenAt ?? at);
    orders.set(order.orderNumber, now);
    for (const kind of changes(before, now)) {
      const withFills = kind === 'partially_filled' || kind === 'filled';
      const seen = withFills ? newFills.get(order.orderNumber) : undefined;
      if (seen) newFills.delete(order.orderNumber);
      events.push({
        kind,
        orderNumber: order.orderNumber,
        at,
        order: now,
        ...(kind === 'modified' && before
          ? {
              before: {
                quantity: before.quantity,
                ...(before.price === undefined ? {} : { price: before.price }),
                ...(before.triggerPrice === undefined ? {} : { triggerPrice: before.triggerPrice }),
              },
            }
          : {}),
        ...(seen ? { fills: seen } : {}),
      });
    }
  }
  return { events, view: { orders, fills } };
}

import { remaining } from './lifecycle.js';
import type { OrderStore } from './store.js';
import type { SimOrder } from './types.js';

const working = (o: SimOrder): boolean => o.phase === 'trigger' || o.phase === 'working';

/** Margin a user's working orders still block: each order's share for what is still open. */
export function blockedByWorkingOrders(store: OrderStore, userId: string): number {
  let blocked = 0;
  for (const o of store.active()) {
    if (o.userId === userId && working(o)) blocked += (o.blockedMargin * remaining(o)) / o.ticket.quantity;
  }
  return blocked;
}

/** Units of the same security that the user's other working delivery sells will deliver. */
export function workingDeliverySells(store: OrderStore, order: SimOrder): number {
  const t = order.ticket;
  if (t.product !== 'C' || t.side !== 'S') return 0;
  let units = 0;
  for (const o of store.active()) {
    const other = o.ticket;
    if (o === order || o.userId !== order.userId || !working(o)) continue;
    if (
      other.product === 'C' &&
      other.side === 'S' &&
      other.instrument.symbolName === t.instrument.symbolName
    )
      units += remaining(o);
  }
  return units;
}

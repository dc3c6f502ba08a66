export { diffBooks, EMPTY_VIEW, sourceOfRemarks, ticketOfRemarks, type WatchView } from './diff.js';
export { type OrderListener, OrderWatcher, type WatcherOptions } from './order-watcher.js';
export type { DayOrders } from './state-file.js';
export {
  type FillSeen,
  ORDER_EVENT_KINDS,
  type OrderEvent,
  type OrderEventKind,
  type OrderSource,
  type WatchedOrder,
} from './types.js';

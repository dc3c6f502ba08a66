import type { Order, OrderHistory } from '../domain/order.js';
import { findTagged, type ReconcileOptions, type Reconciliation } from '../orders/reconcile.js';
import { TAG_PATTERN } from '../orders/tag.js';
import { followOrder, type OrderWaitResult, type WaitOptions } from '../orders/wait.js';
import { linkedSignal } from '../transport/signals.js';
import { abortable } from './call-scope.js';
import type { ClientContext } from './context.js';
import type { CallOptions, CallRoute } from './options.js';
import { assertValid } from './validate.js';

/** The reads tracking builds on. */
export interface TrackingReads {
  getOrderHistory(orderNumber: string, call?: CallOptions): Promise<OrderHistory>;
  getOrderBook(options?: CallOptions): Promise<readonly Order[]>;
}

/** The route options name, and nothing else. */
function onlyRoute(options: CallRoute): CallRoute {
  return {
    ...(options.lane === undefined ? {} : { lane: options.lane }),
    ...(options.asker === undefined ? {} : { asker: options.asker }),
  };
}

/** Following an order to its outcome, and settling a placement of unknown outcome. */
export function trackingMethods(ctx: ClientContext, reads: TrackingReads) {
  return {
    /** Follows an order's history until it settles or `timeoutMs` passes; returns the latest state either way. */
    async waitForOrder(orderNumber: string, options: WaitOptions & CallRoute = {}): Promise<OrderWaitResult> {
      const { signal, dispose } = linkedSignal(options.signal, ctx.closed);
      const read = (remainingMs: number): Promise<OrderHistory> =>
        // A read started near the deadline still gets the time one exchange needs.
        reads.getOrderHistory(orderNumber, {
          ...onlyRoute(options),
          signal,
          timeoutMs: Math.max(remainingMs, ctx.timeouts.requestMs),
        });
      try {
        return await abortable(
          ctx,
          'waitForOrder',
          signal,
          followOrder(ctx.clock, read, { ...options, signal }),
        );
      } finally {
        dispose();
      }
    },

    /** Settles a placement of unknown outcome by its tag: the order(s) found, or a definite "not placed". */
    async reconcileOrder(tag: string, options: ReconcileOptions & CallOptions = {}): Promise<Reconciliation> {
      if (typeof tag !== 'string' || !TAG_PATTERN.test(tag)) {
        assertValid('reconcileOrder', [
          'tag must be the tag the order was placed with (3-32 of letters, digits, : _ . -)',
        ]);
      }
      const { signal, dispose } = linkedSignal(options.signal, ctx.closed);
      // Settling a placement reads the book afresh: a shared answer may be older than the order.
      const call: CallOptions = {
        ...onlyRoute(options),
        lane: 'placement',
        signal,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      };
      try {
        const work = findTagged(ctx.clock, () => reads.getOrderBook(call), tag, { ...options, signal });
        return await abortable(ctx, 'reconcileOrder', signal, work);
      } finally {
        dispose();
      }
    },
  };
}

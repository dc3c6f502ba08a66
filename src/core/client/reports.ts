import type { Order, OrderHistory } from '../domain/order.js';
import { orderFromBook, orderFromV1, orderFromV2 } from '../domain/order-from-wire.js';
import type { Trade } from '../domain/trade.js';
import { tradesFromV1, tradesFromV2 } from '../domain/trade-book.js';
import { brokerError } from '../failures.js';
import { EXCHANGES, type Exchange } from '../vocabulary/index.js';
import {
  orderBookSuccess,
  orderHistoryV1Success,
  orderHistoryV2Success,
  tradeBookV1Success,
  tradeBookV2Success,
} from '../wire/index.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { request } from './request.js';
import { assertValid, requireSession, sessionBody } from './validate.js';

function history(
  orderNumber: string,
  events: readonly Order[],
  raw: unknown,
  endpoint: string,
): OrderHistory {
  const current = events[0];
  if (current === undefined) {
    throw brokerError('NOT_FOUND', {
      label: 'getOrderHistory',
      endpoint,
      note: `No history for order ${orderNumber}`,
    });
  }
  return { orderNumber, current, events, raw };
}

/** Order history, order book and trade book, both generations mapped to one shape. */
export function reportMethods(ctx: ClientContext) {
  return {
    /** Every report of one order, newest first, and its current state; `NOT_FOUND` when the broker has none. */
    async getOrderHistory(orderNumber: string, call?: CallOptions): Promise<OrderHistory> {
      const label = 'getOrderHistory';
      if (typeof orderNumber !== 'string' || !/^\d+$/.test(orderNumber.trim())) {
        assertValid(label, [
          `orderNumber must be the broker's order number, digits only (got ${String(orderNumber)})`,
        ]);
      }
      const number = orderNumber.trim();
      if (ctx.generation === 'v1') {
        return request(ctx, {
          endpoint: 'orderHistoryV1',
          label,
          schema: orderHistoryV1Success,
          call,
          share: { kind: 'books', key: `history|${number}` },
          fields: { omsordno: number },
          map: (d) => {
            const events = d.kind === 'ok' ? d.value.map((o, i) => orderFromV1(o, `[${i}]`)) : [];
            return history(number, events, d.raw, '/api/singleOrderHistory');
          },
        });
      }
      return request(ctx, {
        endpoint: 'orderHistoryV2',
        label,
        schema: orderHistoryV2Success,
        call,
        share: { kind: 'books', key: `history|${number}` },
        fields: { orderNumber: number },
        map: (d) => {
          const events = d.kind === 'ok' ? d.value.data.map((o, i) => orderFromV2(o, `data[${i}]`)) : [];
          return history(number, events, d.raw, '/apiV2/singleOrderHistory');
        },
      });
    },

    /** Today's orders in their latest state; an empty list when there are none. */
    async getOrderBook(options?: CallOptions & { readonly exchange?: Exchange }): Promise<readonly Order[]> {
      const exchange = options?.exchange;
      if (exchange !== undefined && !EXCHANGES.includes(exchange)) {
        assertValid('getOrderBook', [`exchange must be one of ${EXCHANGES.join(', ')}`]);
      }
      return request(ctx, {
        endpoint: 'orderBook',
        label: 'getOrderBook',
        schema: orderBookSuccess,
        noData: 'empty',
        call: options,
        share: { kind: 'books', key: `orders|${exchange ?? ''}` },
        fields: exchange === undefined ? {} : { exchange },
        map: (d) => (d.kind === 'ok' ? d.value.data.map((o, i) => orderFromBook(o, `data[${i}]`)) : []),
      });
    },

    /** Today's fills; an empty list when there are none. */
    async getTradeBook(call?: CallOptions): Promise<readonly Trade[]> {
      if (ctx.generation === 'v1') {
        return request(ctx, {
          endpoint: 'tradeBookV1',
          label: 'getTradeBook',
          schema: tradeBookV1Success,
          noData: 'empty',
          call,
          share: { kind: 'books', key: 'trades' },
          body: (s) => sessionBody(s, { actid: requireSession(s).accountId }),
          map: (d) => (d.kind === 'ok' ? tradesFromV1(d.value) : []),
        });
      }
      return request(ctx, {
        endpoint: 'tradeBookV2',
        label: 'getTradeBook',
        schema: tradeBookV2Success,
        noData: 'empty',
        call,
        share: { kind: 'books', key: 'trades' },
        fields: {},
        map: (d) => (d.kind === 'ok' ? tradesFromV2(d.value.data) : []),
      });
    },
  };
}

import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/core/domain/order.js';
import type { Trade } from '../../../src/core/domain/trade.js';
import { diffBooks, EMPTY_VIEW, type WatchView } from '../../../src/core/watcher/index.js';

const AT = '2026-11-20T10:00:00+05:30';

function order(overrides: Partial<Order>): Order {
  return {
    orderNumber: '26112000000001',
    exchange: 'NSE',
    tradingSymbol: 'SBIN-EQ',
    token: '3045',
    side: 'BUY',
    quantity: 10,
    filledQuantity: 0,
    cancelledQuantity: undefined,
    disclosedQuantity: undefined,
    price: 800,
    triggerPrice: undefined,
    averagePrice: undefined,
    priceType: 'LMT',
    product: 'I',
    retention: 'DAY',
    status: 'OPEN',
    statusText: 'OPEN',
    reportType: undefined,
    rejection: undefined,
    remarks: 'omsdesk:T7K2M9X4Q.2 hedge',
    exchangeOrderId: undefined,
    updatedAt: undefined,
    placedAt: '2026-11-20T09:59:00+05:30',
    exchangeTime: undefined,
    tickSize: 0.05,
    lotSize: 1,
    pricePrecision: 2,
    raw: {},
    ...overrides,
  };
}

const trade = (fillId: string, quantity: number, price = 799.5): Trade =>
  ({ orderNumber: '26112000000001', fillId, fillQuantity: quantity, fillPrice: price }) as Trade;

function step(view: WatchView, book: Order[], trades: Trade[] = []) {
  return diffBooks(view, book, trades, AT);
}

describe('diffing the books', () => {
  it('follows one order from new to open, partly filled, modified and filled, with its fills', () => {
    const first = step(EMPTY_VIEW, [order({})]);
    expect(first.events.map((e) => e.kind)).toEqual(['placed', 'open']);
    expect(first.events[0]?.order.source).toEqual({ kind: 'ticket', ticketId: 'T7K2M9X4Q', leg: 2 });
    const partly = step(first.view, [order({ filledQuantity: 4 })], [trade('1', 4)]);
    expect(partly.events.map((e) => e.kind)).toEqual(['partially_filled']);
    expect(partly.events[0]?.fills).toEqual([{ fillId: '1', quantity: 4, price: 799.5 }]);
    const modified = step(partly.view, [order({ filledQuantity: 4, price: 801 })], [trade('1', 4)]);
    expect(modified.events.map((e) => e.kind)).toEqual(['modified']);
    expect(modified.events[0]?.before).toEqual({ quantity: 10, price: 800 });
    const filled = step(
      modified.view,
      [order({ filledQuantity: 10, status: 'COMPLETE', price: 801 })],
      [trade('1', 4), trade('2', 6, 801)],
    );
    expect(filled.events.map((e) => e.kind)).toEqual(['filled']);
    expect(filled.events[0]?.fills).toEqual([{ fillId: '2', quantity: 6, price: 801 }]);
    expect(step(filled.view, [order({ filledQuantity: 10, status: 'COMPLETE', price: 801 })]).events).toEqual(
      [],
    );
  });

  it('reports a stop order waiting, triggered, then cancelled with part filled', () => {
    const waiting = step(EMPTY_VIEW, [
      order({ status: 'TRIGGER_PENDING', priceType: 'SL-LMT', triggerPrice: 805 }),
    ]);
    expect(waiting.events.map((e) => e.kind)).toEqual(['placed', 'trigger_pending']);
    const cancelled = step(
      waiting.view,
      [order({ status: 'CANCELED', priceType: 'SL-LMT', triggerPrice: 805, filledQuantity: 3 })],
      [trade('9', 3)],
    );
    expect(cancelled.events.map((e) => e.kind)).toEqual(['partially_filled', 'cancelled']);
  });

  it('takes the trade book when it runs ahead of the order book, and reads orders oldest first', () => {
    const older = order({
      orderNumber: '26112000000002',
      placedAt: '2026-11-20T09:15:00+05:30',
      remarks: 'manual',
    });
    const { events } = step(EMPTY_VIEW, [order({}), older], [trade('1', 5)]);
    expect(events.map((e) => `${e.orderNumber.slice(-1)}:${e.kind}`)).toEqual([
      '2:placed',
      '2:open',
      '1:placed',
      '1:open',
      '1:partially_filled',
    ]);
    expect(events[0]?.order.source).toEqual({ kind: 'outside' });
    expect(events.at(-1)?.order.filledQuantity).toBe(5);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

/** The fields both generations must agree on. */
const SHAPE_KEYS: ReadonlyArray<keyof Order> = [
  'orderNumber',
  'exchange',
  'tradingSymbol',
  'token',
  'side',
  'quantity',
  'filledQuantity',
  'price',
  'triggerPrice',
  'averagePrice',
  'priceType',
  'product',
  'retention',
  'status',
  'statusText',
  'reportType',
  'rejection',
  'remarks',
  'exchangeOrderId',
  'updatedAt',
  'exchangeTime',
];

describe('getOrderHistory', () => {
  it('reads the first generation: newest first, current state at index 0, rejection parsed', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/singleOrderHistory', 'order-history', 'v1.success');
    const history = await broker.client.getOrderHistory('26112000000017');
    expect(history.events.map((e) => e.reportType)).toEqual(['Rejected', 'NewAck']);
    expect(history.current).toBe(history.events[0]);
    expect(history.current).toMatchObject({
      orderNumber: '26112000000017',
      exchange: 'NSE',
      tradingSymbol: 'SBIN-EQ',
      token: '3045',
      side: 'BUY',
      quantity: 10,
      filledQuantity: 0,
      cancelledQuantity: 10,
      priceType: 'MKT',
      product: 'I',
      retention: 'DAY',
      status: 'REJECTED',
      remarks: 'omsdesk:t-7f3a',
      updatedAt: '2026-11-20T10:23:01+05:30',
      placedAt: '2026-11-20T10:23:01+05:30',
      exchangeTime: undefined,
      rejection: { party: 'RED', kind: 'MARGIN_SHORTFALL', numbers: { shortfall: 203.5, available: 7236.5 } },
    });
    expect(history.events[1]?.rejection).toBeUndefined();
    expect(broker.to('/api/singleOrderHistory')[0]?.body).toMatchObject({ omsordno: '26112000000017' });
  });

  it('reads the second generation into the same shape', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/singleOrderHistory', 'order-history', 'v2.success');
    const history = await broker.client.getOrderHistory('26112000000018');
    expect(history.current).toMatchObject({
      orderNumber: '26112000000018',
      status: 'COMPLETE',
      filledQuantity: 20,
      averagePrice: 1499.95,
      price: 1500,
      triggerPrice: undefined,
      exchangeOrderId: '1100000012345678',
      exchangeTime: '2026-11-20T10:23:02+05:30',
      reportType: 'Fill',
      rejection: undefined,
    });
    expect(history.events[1]?.status).toBe('OPEN');
    expect(Object.keys(history.current).sort()).toEqual(
      expect.arrayContaining([...SHAPE_KEYS].sort() as string[]),
    );
  });

  it('gives both generations exactly the same keys', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/singleOrderHistory', 'order-history', 'v1.success');
    const v1 = await broker.client.getOrderHistory('26112000000017');
    await broker.close();
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/singleOrderHistory', 'order-history', 'v2.success');
    const v2 = await broker.client.getOrderHistory('26112000000018');
    expect(Object.keys(v1.current).sort()).toEqual(Object.keys(v2.current).sort());
  });

  it('reads "no data" for one order as NOT_FOUND in both generations', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/singleOrderHistory', 'order-history', 'v2.failure');
    expect(await rejection(broker.client.getOrderHistory('26112000000099'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    await broker.close();
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/singleOrderHistory', 'order-history', 'v1.failure');
    expect(await rejection(broker.client.getOrderHistory('26112000000099'))).toMatchObject({
      code: 'NOT_FOUND',
      brokerText: 'Error Occurred : 5 "no data"',
    });
  });

  it('keeps an unknown status as UNKNOWN with the raw text, and reads status words in any case', async () => {
    broker = mockBroker();
    broker.loginOk();
    const body = wireCase('order-history', 'v2.success') as { data: Array<Record<string, string>> };
    const [first, second] = body.data as [Record<string, string>, Record<string, string>];
    first.status = 'AMO_PARKED';
    second.status = 'cancelled';
    broker.on('/apiV2/singleOrderHistory', { body });
    const history = await broker.client.getOrderHistory('26112000000018');
    expect(history.current).toMatchObject({ status: 'UNKNOWN', statusText: 'AMO_PARKED' });
    expect(history.events[1]).toMatchObject({ status: 'CANCELED', statusText: 'cancelled' });
  });

  it('refuses an order number that is not digits', async () => {
    broker = mockBroker();
    expect(await rejection(broker.client.getOrderHistory('abc'))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(broker.seen).toHaveLength(0);
  });
});

describe('getOrderBook', () => {
  it('reads fillShares and fillshares alike and CANCELLED as CANCELED', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/orderBook', 'order-book', 'success');
    const [complete, cancelled] = await broker.client.getOrderBook();
    expect(complete).toMatchObject({
      status: 'COMPLETE',
      filledQuantity: 20,
      averagePrice: 1499.95,
      remarks: 'hedge',
    });
    expect(complete?.placedAt).toBe('2026-11-20T10:23:01+05:30');
    expect(cancelled).toMatchObject({
      status: 'CANCELED',
      statusText: 'CANCELLED',
      filledQuantity: 0,
      side: 'SELL',
      remarks: undefined,
    });
  });

  it('reads "no data" as an empty book, and filters by exchange when asked', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/orderBook', 'order-book', 'failure.noData');
    expect(await broker.client.getOrderBook({ exchange: 'NFO' })).toEqual([]);
    expect(broker.to('/apiV2/orderBook')[0]?.body).toMatchObject({ exchange: 'NFO' });
  });
});

describe('getTradeBook', () => {
  it('reads both generations into one Trade shape', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/tradeBook', 'trade-book', 'v1.success');
    const [v1] = await broker.client.getTradeBook();
    expect(broker.to('/api/tradeBook')[0]?.body).toMatchObject({ actid: 'SIM001' });
    await broker.close();
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/tradeBook', 'trade-book', 'v2.success');
    const [v2] = await broker.client.getTradeBook();
    const expected = {
      orderNumber: '26112000000018',
      fillId: '101',
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      token: '1594',
      side: 'BUY',
      fillQuantity: 20,
      fillPrice: 1499.95,
      fillTime: '2026-11-20T10:23:02+05:30',
      orderQuantity: 20,
      orderPrice: 1500,
      filledQuantity: 20,
      product: 'C',
      priceType: 'LMT',
      retention: 'DAY',
      remarks: 'hedge',
      exchangeOrderId: '1100000012345678',
      exchangeTime: '2026-11-20T10:23:02+05:30',
      orderTime: '2026-11-20T10:23:01+05:30',
    };
    expect(v1).toMatchObject(expected);
    expect(v2).toMatchObject(expected);
    expect(Object.keys(v1 ?? {}).sort()).toEqual(Object.keys(v2 ?? {}).sort());
  });

  it('reads "no data" as an empty trade book', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/tradeBook', 'trade-book', 'v1.noData');
    expect(await broker.client.getTradeBook()).toEqual([]);
  });

  it('reads the second generation failure with emsg as a session failure', async () => {
    broker = mockBroker({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/apiV2/tradeBook', 'trade-book', 'v2.failure');
    broker.onCase('/apiV2/tradeBook', 'trade-book', 'v2.failure');
    expect(await rejection(broker.client.getTradeBook())).toMatchObject({
      code: 'SESSION_EXPIRED',
      brokerText: 'Session Expired : Invalid Session Key',
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

/** A second-generation history answer whose latest entry has `status`. */
function historyWith(status: string, reportType = 'New') {
  const body = wireCase('order-history', 'v2.success') as { data: Array<Record<string, string>> };
  const latest = body.data[0] as Record<string, string>;
  latest.status = status;
  latest.reportType = reportType;
  return body;
}

describe('waitForOrder', () => {
  it('follows the history with growing pauses until the order is final', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('PENDING') });
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('OPEN') });
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('OPEN') });
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('COMPLETE', 'Fill') });
    const result = await broker.client.waitForOrder('26112000000018');
    expect(result.settled).toBe(true);
    expect(result.order.status).toBe('COMPLETE');
    expect(result.history.current).toBe(result.order);
    expect(broker.clock.sleeps).toEqual([200, 400, 800]);
  });

  it('settles on the first state past PENDING when waiting for acceptance', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('PENDING') });
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('TRIGGER_PENDING') });
    const result = await broker.client.waitForOrder('26112000000018', { until: 'accepted' });
    expect(result).toMatchObject({ settled: true, order: { status: 'TRIGGER_PENDING' } });
  });

  it('treats a rejection as final and returns it as data', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/singleOrderHistory', 'order-history', 'v1.success');
    const result = await broker.client.waitForOrder('26112000000017');
    expect(result.settled).toBe(true);
    expect(result.order.rejection?.kind).toBe('MARGIN_SHORTFALL');
  });

  it('returns the latest state unsettled when time runs out, pauses capped at 2 s', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/singleOrderHistory', method: 'POST' })
      .reply(200, JSON.stringify(historyWith('OPEN')))
      .persist();
    const result = await broker.client.waitForOrder('26112000000018', { timeoutMs: 6_000 });
    expect(result).toMatchObject({ settled: false, order: { status: 'OPEN' } });
    expect(broker.clock.sleeps).toEqual([200, 400, 800, 1600, 2000, 1000]);
  });

  it('keeps looking while a fresh order is not in the history yet', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/singleOrderHistory', 'order-history', 'v2.failure');
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('COMPLETE', 'Fill') });
    expect(await broker.client.waitForOrder('26112000000018')).toMatchObject({ settled: true });
  });

  it('stops with ABORTED when the signal aborts during a pause', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/singleOrderHistory', { body: historyWith('OPEN') });
    const controller = new AbortController();
    const clockSleep = broker.clock.sleep.bind(broker.clock);
    broker.clock.sleep = (ms, signal) => {
      controller.abort();
      return clockSleep(ms, signal);
    };
    const error = await rejection(
      broker.client.waitForOrder('26112000000018', { signal: controller.signal }),
    );
    expect(error).toMatchObject({ code: 'ABORTED' });
  });
});

describe('reconcileOrder', () => {
  it('finds the order whose remarks carry the tag', async () => {
    broker = mockBroker();
    broker.loginOk();
    const book = wireCase('order-book', 'success') as { data: Array<Record<string, string>> };
    (book.data[1] as Record<string, string>).remarks = 'ticket-9 hedge leg';
    (book.data[0] as Record<string, string>).remarks = 'ticket-90';
    broker.on('/apiV2/orderBook', { body: book });
    const result = await broker.client.reconcileOrder('ticket-9');
    expect(result).toMatchObject({ placed: true, tag: 'ticket-9', order: { orderNumber: '26112000000022' } });
    expect(result.placed === true && result.orders).toHaveLength(1);
  });

  it('never concludes "not placed" before the answer window has passed: the outcome stays unknown', async () => {
    broker = mockBroker();
    broker.loginOk();
    for (let i = 0; i < 3; i += 1) broker.onCase('/apiV2/orderBook', 'order-book', 'success');
    const now = broker.clock.now();
    const result = await broker.client.reconcileOrder('ticket-404', { sentAt: now - 5_000 });
    expect(result).toEqual({ tag: 'ticket-404', placed: 'unknown', checks: 3, provableAt: now + 55_000 });
    expect(broker.to('/apiV2/orderBook')).toHaveLength(3);
    expect(broker.clock.sleeps).toEqual([1000, 1000]);
  });

  it('concludes "not placed" from a clean book read after the answer window', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/orderBook', 'order-book', 'success');
    const sentAt = broker.clock.now() - 61_000;
    expect(await broker.client.reconcileOrder('ticket-404', { sentAt })).toEqual({
      tag: 'ticket-404',
      placed: false,
      checks: 1,
    });
  });

  it('finds an order that shows up late in the book', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/orderBook', 'order-book', 'failure.noData');
    const book = wireCase('order-book', 'success') as { data: Array<Record<string, string>> };
    (book.data[0] as Record<string, string>).remarks = 'od-late0001';
    broker.on('/apiV2/orderBook', { body: book });
    expect(await broker.client.reconcileOrder('od-late0001')).toMatchObject({ placed: true });
  });

  it('cannot settle when the book cannot be read: the error is raised', async () => {
    broker = mockBroker({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.on('/apiV2/orderBook', { status: 503, body: 'down' });
    expect(await rejection(broker.client.reconcileOrder('ticket-1'))).toMatchObject({
      code: 'BROKER_UNAVAILABLE',
    });
  });
});

describe('an ambiguous placement, end to end', () => {
  it('reports OUTCOME_UNKNOWN with the tag, then reconcileOrder settles it from the book', async () => {
    broker = mockBroker({ timeouts: { requestMs: 40 } });
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { body: wireCase('place-order', 'v2.success'), delayMs: 1_000 });
    const error = (await rejection(
      broker.client.placeOrder({
        exchange: 'NSE',
        tradingSymbol: 'INFY-EQ',
        side: 'BUY',
        quantity: 20,
        priceType: 'LMT',
        price: 1500,
        product: 'C',
        remarks: 'hedge',
      }),
    )) as { code: string; tag: string };
    expect(error.code).toBe('OUTCOME_UNKNOWN');
    const sentRemarks = broker.to('/apiV2/placeOrder')[0]?.body.remarks as string;
    expect(sentRemarks).toBe(`${error.tag} hedge`);
    const book = wireCase('order-book', 'success') as { data: Array<Record<string, string>> };
    (book.data[0] as Record<string, string>).remarks = sentRemarks;
    broker.on('/apiV2/orderBook', { body: book });
    const settled = await broker.client.reconcileOrder(error.tag);
    expect(settled).toMatchObject({
      placed: true,
      order: { orderNumber: '26112000000018', status: 'COMPLETE' },
    });
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });
});

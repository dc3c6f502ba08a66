import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerError, OrderRequest } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection, SESSION_KEY } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const LIMIT_BUY: OrderRequest = {
  exchange: 'NSE',
  tradingSymbol: 'RELIANCE-EQ',
  side: 'BUY',
  quantity: 10,
  priceType: 'LMT',
  price: 2450.05,
  product: 'C',
};

describe('placeOrder', () => {
  it('sends the order in wire form with an exact price and a tag in remarks, and returns the order number', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    const placed = await broker.client.placeOrder({ ...LIMIT_BUY, remarks: 'swing entry' });
    expect(placed).toMatchObject({ orderNumber: '26112000000018', requestTime: '2026-11-20T10:23:01+05:30' });
    expect(placed.tag).toMatch(/^od-[0-9a-z]{8}$/);
    expect(placed.remarks).toBe(`${placed.tag} swing entry`);
    expect(broker.to('/apiV2/placeOrder')[0]?.body).toEqual({
      userId: 'SIM001',
      jKey: SESSION_KEY,
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      quantity: '10',
      price: '2450.05',
      product: 'C',
      transactionType: 'B',
      priceType: 'LMT',
      retention: 'DAY',
      remarks: `${placed.tag} swing entry`,
    });
  });

  it('uses the first generation with actid when configured', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/placeOrder', 'place-order', 'v1.success');
    const placed = await broker.client.placeOrder({ ...LIMIT_BUY, tag: 'omsdesk:t-7f3a' });
    expect(placed).toMatchObject({
      orderNumber: '26112000000017',
      tag: 'omsdesk:t-7f3a',
      remarks: 'omsdesk:t-7f3a',
    });
    expect(broker.to('/api/placeOrder')[0]?.body).toMatchObject({
      actid: 'SIM001',
      remarks: 'omsdesk:t-7f3a',
    });
  });

  it('formats prices without float drift and sends a trigger only for stop-loss types', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    await broker.client.placeOrder({ ...LIMIT_BUY, price: 0.1 + 0.2, tickSize: 0.05 });
    await broker.client.placeOrder({
      ...LIMIT_BUY,
      priceType: 'SL-LMT',
      price: 2450.1,
      triggerPrice: 2449.95,
    });
    await broker.client.placeOrder({
      ...LIMIT_BUY,
      priceType: 'MKT',
      price: undefined as unknown as number,
      side: 'SELL',
    });
    const bodies = broker.to('/apiV2/placeOrder').map((r) => r.body);
    expect(bodies[0]).toMatchObject({ price: '0.30' });
    expect(bodies[0]).not.toHaveProperty('triggerPrice');
    expect(bodies[1]).toMatchObject({ priceType: 'SL-LMT', price: '2450.10', triggerPrice: '2449.95' });
    expect(bodies[2]).toMatchObject({ priceType: 'MKT', price: '0.00', transactionType: 'S' });
  });

  it('URL-encodes special characters of a trading symbol, as the spec asks', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    await broker.client.placeOrder({ ...LIMIT_BUY, tradingSymbol: 'M&M-EQ' });
    expect(broker.to('/apiV2/placeOrder')[0]?.body.tradingSymbol).toBe('M%26M-EQ');
  });

  it('refuses invalid orders with what to fix and sends nothing', async () => {
    broker = mockBroker();
    const cases: Array<[Partial<OrderRequest>, RegExp]> = [
      [{ quantity: 2.5 }, /quantity must be a positive whole number/],
      [{ quantity: 0 }, /quantity must be a positive whole number/],
      [{ price: Number.NaN }, /price must be a positive finite number/],
      [{ price: 2450.075 }, /more decimals than the instrument's precision/],
      [{ price: 2450.07, tickSize: 0.05 }, /not a multiple of the tick size 0.05/],
      [{ priceType: 'SL-LMT' }, /triggerPrice is required for SL-LMT/],
      [{ triggerPrice: 2400 }, /triggerPrice applies only to SL-LMT and SL-MKT/],
      [{ tag: 'bad tag!' }, /tag must be/],
    ];
    for (const [change, message] of cases) {
      const error = (await rejection(broker.client.placeOrder({ ...LIMIT_BUY, ...change }))) as BrokerError;
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.issues.join('\n')).toMatch(message);
    }
    expect(broker.seen).toHaveLength(0);
  });

  it('never retries a placement answered with a 5xx: exactly one request, outcome unknown, tag kept', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { status: 502, body: '<html>Bad Gateway</html>' });
    const error = (await rejection(
      broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-42' }),
    )) as BrokerError;
    expect(error).toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      tag: 'ticket-42',
      httpStatus: 502,
      retryable: false,
    });
    expect(error.message).toContain('reconcileOrder("ticket-42")');
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });

  it('reports a stalled placement as OUTCOME_UNKNOWN carrying its tag, without resending', async () => {
    broker = mockBroker({ timeouts: { requestMs: 40 } });
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { body: wireCase('place-order', 'v2.success'), delayMs: 1_000 });
    const error = (await rejection(
      broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-43' }),
    )) as BrokerError;
    expect(error).toMatchObject({ code: 'OUTCOME_UNKNOWN', tag: 'ticket-43' });
    expect((error.cause as BrokerError).code).toBe('TIMEOUT');
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });

  it('reports a refused connection as NETWORK: nothing reached the OMS', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/placeOrder', method: 'POST' })
      .replyWithError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
      );
    const error = await rejection(broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-44' }));
    expect(error).toMatchObject({ code: 'NETWORK', tag: 'ticket-44' });
  });

  it('treats a dropped connection after sending as OUTCOME_UNKNOWN', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/placeOrder', method: 'POST' })
      .replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    expect(await rejection(broker.client.placeOrder(LIMIT_BUY))).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
  });

  it('re-sends once after a new login when the answer proves a session failure', async () => {
    broker = mockBroker();
    const fresh = wireCase('login', 'v2.success') as { data: { susertoken: string } };
    fresh.data.susertoken = 'fresh-session-key-000111222333';
    broker.loginOk();
    broker.on('/apiV2/login', { body: fresh });
    broker.on('/apiV2/placeOrder', {
      body: { Status: 'Failed', data: 'Session Expired : Invalid Session Key' },
    });
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    const placed = await broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-45' });
    expect(placed.orderNumber).toBe('26112000000018');
    const sends = broker.to('/apiV2/placeOrder');
    expect(sends.map((r) => r.body.jKey)).toEqual([SESSION_KEY, 'fresh-session-key-000111222333']);
    expect(sends[0]?.body.remarks).toBe(sends[1]?.body.remarks);
  });

  it('gives up with SESSION_EXPIRED (and the tag) when the session fails again after the new login', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/apiV2/placeOrder', 'quote', 'failure.session');
    broker.onCase('/apiV2/placeOrder', 'quote', 'failure.session');
    const error = await rejection(broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-46' }));
    expect(error).toMatchObject({ code: 'SESSION_EXPIRED', tag: 'ticket-46' });
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(2);
  });

  it('returns the broker refusals as definite errors with the tag: invalid input, unknown symbol, rate limit', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.onCase('/api/placeOrder', 'place-order', 'v1.failure');
    broker.on('/api/placeOrder', {
      status: 429,
      body: 'rate limit exceeded',
      headers: { 'retry-after': '1' },
    });
    expect(await rejection(broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-47' }))).toMatchObject({
      code: 'INVALID_INPUT',
      tag: 'ticket-47',
      brokerText: 'Error Occurred : 2 "invalid input"',
    });
    expect(await rejection(broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-48' }))).toMatchObject({
      code: 'RATE_LIMITED',
      tag: 'ticket-48',
    });
    expect(broker.to('/api/placeOrder')).toHaveLength(2);
    await broker.close();
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.failure');
    expect(await rejection(broker.client.placeOrder(LIMIT_BUY))).toMatchObject({
      code: 'NOT_FOUND',
      brokerText: 'Invalid Input : Invalid Trading Symbol',
    });
  });

  it('treats an unreadable success answer as OUTCOME_UNKNOWN: the order may exist', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', {
      body: { Status: 'Success', data: { requestTime: '10:23:01 20-11-2026' } },
    });
    const error = (await rejection(
      broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-49' }),
    )) as BrokerError;
    expect(error).toMatchObject({ code: 'OUTCOME_UNKNOWN', tag: 'ticket-49' });
    expect(error.issues).toEqual([
      'data.orderNumber: expected string, received undefined (also read from norenordno or omsordno)',
    ]);
  });

  it('reports a caller abort after sending as OUTCOME_UNKNOWN, and before sending as ABORTED', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { body: wireCase('place-order', 'v2.success'), delayMs: 1_000 });
    const inFlight = new AbortController();
    const pending = broker.client.placeOrder({ ...LIMIT_BUY, tag: 'ticket-50' }, { signal: inFlight.signal });
    setTimeout(() => inFlight.abort(), 30);
    expect(await rejection(pending)).toMatchObject({ code: 'OUTCOME_UNKNOWN', tag: 'ticket-50' });
    const before = new AbortController();
    before.abort();
    expect(await rejection(broker.client.placeOrder(LIMIT_BUY, { signal: before.signal }))).toMatchObject({
      code: 'ABORTED',
    });
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });
});

describe('placeOrders', () => {
  it('returns one answer per order, in order, each with its own tag', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/strategies/multiPlaceOrders', 'place-order', 'multi.mixed');
    const results = await broker.client.placeOrders([
      { ...LIMIT_BUY, tag: 'leg-a' },
      { ...LIMIT_BUY, tradingSymbol: 'NOPE-EQ', tag: 'leg-b' },
    ]);
    expect(results[0]).toMatchObject({ ok: true, orderNumber: '26112000000019', tag: 'leg-a' });
    expect(results[1]).toMatchObject({ ok: false, tag: 'leg-b' });
    const failed = results[1] as { error: BrokerError };
    expect(failed.error).toMatchObject({
      code: 'NOT_FOUND',
      brokerText: 'Invalid Input : Invalid Trading Symbol',
      tag: 'leg-b',
    });
    const body = broker.to('/apiV2/strategies/multiPlaceOrders')[0]?.body as {
      data: Array<{ remarks: string }>;
    };
    expect(body.data.map((o) => o.remarks)).toEqual(['leg-a', 'leg-b']);
  });

  it('refuses more than 10 orders and sends nothing', async () => {
    broker = mockBroker();
    const error = (await rejection(
      broker.client.placeOrders(Array.from({ length: 11 }, () => LIMIT_BUY)),
    )) as BrokerError;
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues[0]).toMatch(/1 to 10 orders \(got 11\)/);
    expect(broker.seen).toHaveLength(0);
  });

  it('marks an order the answer does not mention as OUTCOME_UNKNOWN', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/strategies/multiPlaceOrders', {
      body: (wireCase('place-order', 'multi.mixed') as unknown[]).slice(0, 1),
    });
    const results = await broker.client.placeOrders([
      { ...LIMIT_BUY, tag: 'leg-c' },
      { ...LIMIT_BUY, tag: 'leg-d' },
    ]);
    expect(results[1]).toMatchObject({
      ok: false,
      tag: 'leg-d',
      error: { code: 'OUTCOME_UNKNOWN', tag: 'leg-d' },
    });
  });

  it('carries every tag on an ambiguous failure of the whole call', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/strategies/multiPlaceOrders', { status: 500, body: 'Internal Server Error' });
    const error = (await rejection(
      broker.client.placeOrders([
        { ...LIMIT_BUY, tag: 'leg-e' },
        { ...LIMIT_BUY, tag: 'leg-f' },
      ]),
    )) as BrokerError;
    expect(error.code).toBe('OUTCOME_UNKNOWN');
    expect(error.tags).toEqual(['leg-e', 'leg-f']);
    expect(broker.to('/apiV2/strategies/multiPlaceOrders')).toHaveLength(1);
  });
});

describe('placeLongStraddle', () => {
  it('sends symbol, strike, DDMMMYY expiry and account, and returns both legs', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/strategies/longStraddle', 'place-order', 'straddle.success');
    const result = await broker.client.placeLongStraddle({
      symbol: 'NIFTY',
      strikePrice: 24000,
      expiry: '24-NOV-2026',
      product: 'M',
      quantity: 75,
      tag: 'strad-1',
    });
    expect(result.legs.map((l) => (l.ok ? l.orderNumber : 'failed'))).toEqual([
      '26112000000020',
      '26112000000021',
    ]);
    expect(broker.to('/apiV2/strategies/longStraddle')[0]?.body).toEqual({
      userId: 'SIM001',
      jKey: SESSION_KEY,
      actId: 'SIM001',
      symbol: 'NIFTY',
      strikePrice: '24000',
      expiry: '24NOV26',
      product: 'M',
      quantity: '75',
      remarks: 'strad-1',
    });
  });

  it('returns refused legs as data with the broker text', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/strategies/longStraddle', 'place-order', 'straddle.failure');
    const result = await broker.client.placeLongStraddle({
      symbol: 'NOPE',
      strikePrice: 1,
      expiry: '24NOV26',
      product: 'M',
      quantity: 1,
    });
    expect(result.legs.every((l) => !l.ok && l.error.code === 'NOT_FOUND')).toBe(true);
  });
});

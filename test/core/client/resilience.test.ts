import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerError } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection } from '../support/broker.js';
import { flush } from '../support/fake-clock.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const QUOTE = { exchange: 'NSE', token: '2885' } as const;

describe('session expiry on reads', () => {
  it('logs in again once and retries once', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'failure.session');
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    const quote = await broker.client.getQuote(QUOTE);
    expect(quote.lastPrice).toBe(2450.05);
    expect(broker.to('/apiV2/login')).toHaveLength(2);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(2);
  });

  it('fails with SESSION_EXPIRED when the retry fails for the session again', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/apiV2/securityInfo', 'security-info', 'failure.session');
    broker.onCase('/apiV2/securityInfo', 'security-info', 'failure.session');
    expect(await rejection(broker.client.getSecurityInfo(QUOTE))).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(broker.to('/apiV2/login')).toHaveLength(2);
    expect(broker.to('/apiV2/securityInfo')).toHaveLength(2);
  });

  it('reads an HTTP 500 whose body says code 401 as a session failure, not an outage', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.on('/api/V3/limit', { status: 500, body: wireCase('limits', 'v3.failure') });
    broker.onCase('/api/V3/limit', 'limits', 'v3.success');
    expect((await broker.client.getLimits()).cash).toBe(500000);
    expect(broker.to('/apiV2/login')).toHaveLength(2);
  });
});

describe('read retries', () => {
  it('retries 5xx answers with exponential backoff and full jitter, then succeeds', async () => {
    broker = mockBroker({ retry: { random: () => 0.5 } });
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { status: 503, body: 'Service Unavailable' });
    broker.on('/apiV2/getQuotes', { status: 500, body: { Status: 'Failed', data: 'Server Timeout' } });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    // base 250 ms doubling, times the jitter draw of 0.5
    expect(broker.clock.sleeps).toEqual([125, 250]);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(3);
  });

  it('stops after the configured attempts and reports the last failure', async () => {
    broker = mockBroker();
    broker.loginOk();
    for (let i = 0; i < 3; i += 1) broker.on('/apiV2/getQuotes', { status: 502, body: 'Bad Gateway' });
    const error = (await rejection(broker.client.getQuote(QUOTE))) as BrokerError;
    expect(error).toMatchObject({ code: 'BROKER_UNAVAILABLE', httpStatus: 502 });
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(3);
  });

  it('waits exactly what Retry-After asks on a plain-text rate-limit answer', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', {
      status: 200,
      body: 'Rate limit exceeded. Try later.',
      headers: { 'retry-after': '2' },
    });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    expect(broker.clock.sleeps).toEqual([2000]);
  });

  it('reads name API_RATE_LIMIT / code 429 as RATE_LIMITED', async () => {
    broker = mockBroker({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.on('/apiV2/holdings', {
      body: { status: 'failed', code: '429', name: 'API_RATE_LIMIT', message: 'slow down' },
    });
    expect(await rejection(broker.client.getHoldings())).toMatchObject({
      code: 'RATE_LIMITED',
      brokerText: 'slow down',
    });
  });

  it('fails at once when Retry-After is longer than the policy allows', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { status: 429, body: 'rate limit', headers: { 'retry-after': '120' } });
    expect(await rejection(broker.client.getQuote(QUOTE))).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterMs: 120_000,
    });
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(1);
  });

  it('retries a network error on a read', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/getQuotes', method: 'POST' })
      .replyWithError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    expect((await broker.client.getQuote(QUOTE)).lastPrice).toBe(2450.05);
  });

  it('reports a non-JSON 200 body as INVALID_RESPONSE without retrying', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { body: '<html>maintenance</html>' });
    const error = (await rejection(broker.client.getQuote(QUOTE))) as BrokerError;
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', issues: ['(body): not JSON'] });
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(1);
  });

  it('times out a stalled read and retries it', async () => {
    broker = mockBroker({ timeouts: { requestMs: 30 } });
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { body: wireCase('quote', 'success'), delayMs: 1_000 });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    expect((await broker.client.getQuote(QUOTE)).lastPrice).toBe(2450.05);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(2);
  });
});

describe('client-side rate limiting', () => {
  it('makes the 4th quote wait a window (1.2 s, a margin inside the published second) after the first answer', async () => {
    broker = mockBroker();
    broker.loginOk();
    for (let i = 0; i < 4; i += 1) broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    for (let i = 0; i < 4; i += 1) await broker.client.getQuote(QUOTE);
    expect(broker.clock.sleeps).toEqual([1200]);
  });

  it('holds every call of the category after a broker rate-limit answer until its Retry-After', async () => {
    broker = mockBroker({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { status: 429, body: 'rate limit', headers: { 'retry-after': '2' } });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    const start = broker.clock.now();
    expect(await rejection(broker.client.getQuote(QUOTE))).toMatchObject({ code: 'RATE_LIMITED' });
    await broker.client.getQuote(QUOTE);
    expect(broker.clock.sleeps).toEqual([2000]);
    expect(broker.clock.now() - start).toBe(2000);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(2);
  });

  it('never retries a placement the broker refused for its rate limit, and holds further placements', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { status: 429, body: 'rate limit', headers: { 'retry-after': '1' } });
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.success');
    const order = {
      ...QUOTE,
      tradingSymbol: 'RELIANCE-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'MKT',
      product: 'C',
    } as const;
    const error = (await rejection(broker.client.placeOrder({ ...order, tag: 'ticket-1' }))) as BrokerError;
    expect(error).toMatchObject({ code: 'RATE_LIMITED', tag: 'ticket-1' });
    expect(error.message).toContain('Nothing was placed');
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
    expect((await broker.client.placeOrder(order)).orderNumber).toBe('26112000000018');
    expect(broker.clock.sleeps).toEqual([1000]);
  });

  it('can be turned off', async () => {
    broker = mockBroker({ rateLimits: false });
    broker.loginOk();
    for (let i = 0; i < 4; i += 1) broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    for (let i = 0; i < 4; i += 1) await broker.client.getQuote(QUOTE);
    expect(broker.clock.sleeps).toEqual([]);
  });

  it('fails at once with RATE_LIMITED when the next slot frees after the call deadline', async () => {
    broker = mockBroker({ rateLimits: { quotes: { limit: 1, windowMs: 60_000 } } });
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    const error = (await rejection(broker.client.getQuote(QUOTE, { timeoutMs: 5_000 }))) as BrokerError;
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 60_000 });
    expect(error.message).toContain('refused at once, nothing was sent');
    expect(error.message).toContain('retry in 60 s');
    expect(broker.clock.sleeps).toEqual([]);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(1);
  });
});

describe('aborts and close', () => {
  it('rejects with ABORTED and sends nothing when the signal is already aborted', async () => {
    broker = mockBroker();
    const controller = new AbortController();
    controller.abort();
    expect(await rejection(broker.client.getHoldings({ signal: controller.signal }))).toMatchObject({
      code: 'ABORTED',
    });
    await flush();
    // Not even a login started for a call that had given up before it began.
    expect(broker.logs.map((line) => line.message)).not.toContain('logging in');
    expect(broker.seen).toHaveLength(0);
  });

  it('rejects with ABORTED when aborted while the request is in flight', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/holdings', { body: wireCase('holdings', 'success'), delayMs: 1_000 });
    const controller = new AbortController();
    const pending = broker.client.getHoldings({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = (await rejection(pending)) as BrokerError;
    expect(error).toMatchObject({ code: 'ABORTED', retryable: false });
    expect(broker.to('/apiV2/holdings')).toHaveLength(1);
  });

  it('rejects calls after close with ABORTED', async () => {
    broker = mockBroker();
    await broker.client.close();
    expect(await rejection(broker.client.getHoldings())).toMatchObject({ code: 'ABORTED' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeReport, SlotReport } from '../../../src/core/client/index.js';
import { mockBroker, rejection } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const QUOTE = { exchange: 'NSE', token: '2885' } as const;

/** A broker client whose observer writes down what it is told. */
function watched(options: Parameters<typeof mockBroker>[0] = {}) {
  const exchanges: ExchangeReport[] = [];
  const waits: SlotReport[] = [];
  const refusals: SlotReport[] = [];
  broker = mockBroker({
    ...options,
    observer: {
      exchanged: (r) => exchanges.push(r),
      waited: (r) => waits.push(r),
      refused: (r) => refusals.push(r),
    },
  });
  return { exchanges, waits, refusals };
}

describe('the client observer', () => {
  it('is told of every request sent, by endpoint name, lane and outcome, a retried read once per attempt', async () => {
    const seen = watched({ retry: { attempts: 2 } });
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { status: 429, body: 'rate limit', headers: { 'retry-after': '1' } });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    expect(seen.exchanges.map((e) => [e.endpoint, e.lane, e.outcome])).toEqual([
      ['loginV2', 'placement', 'OK'],
      ['quote', 'people', 'RATE_LIMITED'],
      ['quote', 'people', 'OK'],
    ]);
    expect(seen.exchanges.every((e) => e.ms >= 0)).toBe(true);
    // One slot for the login and one for each quote attempt.
    expect(seen.waits.map((w) => [w.category, w.lane])).toEqual([
      ['others', 'placement'],
      ['quotes', 'people'],
      ['quotes', 'people'],
    ]);
  });

  it('is told how long a call waited for its rate slot', async () => {
    const seen = watched({ rateLimits: { quotes: { limit: 1, windowMs: 1_000 } } });
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    await broker.client.getQuote(QUOTE);
    expect(seen.waits.filter((w) => w.category === 'quotes').map((w) => w.ms)).toEqual([0, 1_000]);
  });

  it('is told of a call refused at once for want of a rate slot, and of nothing sent', async () => {
    const seen = watched({ rateLimits: { quotes: { limit: 1, windowMs: 60_000 } } });
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote(QUOTE);
    const sent = seen.exchanges.length;
    expect(await rejection(broker.client.getQuote(QUOTE, { timeoutMs: 5_000 }))).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(seen.refusals).toEqual([{ category: 'quotes', lane: 'people' }]);
    expect(seen.exchanges).toHaveLength(sent);
  });

  it('reports a request that got no answer with its code', async () => {
    const seen = watched({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/getQuotes', method: 'POST' })
      .replyWithError(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }));
    expect(await rejection(broker.client.getQuote(QUOTE))).toMatchObject({ code: 'NETWORK' });
    expect(seen.exchanges.at(-1)).toMatchObject({ endpoint: 'quote', outcome: 'NETWORK' });
  });

  it('never fails a call when the observer throws', async () => {
    broker = mockBroker({
      observer: {
        exchanged: () => {
          throw new Error('a broken metrics sink');
        },
      },
    });
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    expect((await broker.client.getQuote(QUOTE)).lastPrice).toBe(2450.05);
  });
});

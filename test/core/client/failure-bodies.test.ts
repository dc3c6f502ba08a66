import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerError, OrderRequest } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const variant = (name: string): unknown => wireCase('variants', name);
const BLOCKED = 'Order entry is blocked for this account by the risk desk';
const QUOTE = { exchange: 'NSE', token: '2885' } as const;
const BUY: OrderRequest = {
  exchange: 'NSE',
  tradingSymbol: 'SBIN-EQ',
  side: 'BUY',
  quantity: 10,
  priceType: 'MKT',
  product: 'C',
};

/** One call per family, each answered with `body`. */
const FAMILIES = [
  ['v1 (index list)', '/api/indexList', (b: ReturnType<typeof mockBroker>) => b.client.listIndices()],
  ['v1 list (trade book)', '/api/tradeBook', (b: ReturnType<typeof mockBroker>) => b.client.getTradeBook()],
  ['v2 (quote)', '/apiV2/getQuotes', (b: ReturnType<typeof mockBroker>) => b.client.getQuote(QUOTE)],
  ['limits', '/api/V3/limit', (b: ReturnType<typeof mockBroker>) => b.client.getLimits()],
  [
    'multi',
    '/apiV2/strategies/multiPlaceOrders',
    (b: ReturnType<typeof mockBroker>) => b.client.placeOrders([BUY]),
  ],
] as const;

describe('{status: failed, error: {message}} bodies', () => {
  it.each(FAMILIES)('put the message in the user-safe error of a %s call', async (_, path, call) => {
    broker = mockBroker({ generation: path === '/api/tradeBook' ? 'v1' : 'v2' });
    if (path === '/api/tradeBook') broker.onCase('/api/login', 'login', 'v1.success');
    else broker.loginOk();
    broker.on(path, { body: variant('failure.errorMessage') });
    const error = (await rejection(call(broker))) as BrokerError;
    expect(error).toMatchObject({ code: 'BROKER_ERROR', brokerText: BLOCKED });
    expect(error.message).toContain(BLOCKED);
    expect(broker.to(path)).toHaveLength(1);
  });

  it('put the message in the error of a first-generation login, with the error name', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.on('/api/login', { body: variant('failure.errorMessage.named') });
    const error = (await rejection(broker.client.login())) as BrokerError;
    expect(error.message).toContain(`ACCOUNT_BLOCKED: ${BLOCKED}`);
  });

  it('are read by the message: an invalid session key there logs in again', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.on('/apiV2/holdings', { body: { status: 'failed', error: { message: 'Invalid Session Key' } } });
    broker.onCase('/apiV2/holdings', 'holdings', 'success');
    expect(await broker.client.getHoldings()).toHaveLength(1);
    expect(broker.to('/apiV2/login')).toHaveLength(2);
  });
});

describe('HTTP 500 answers that carry a failure envelope', () => {
  it('are the broker refusing, mapped once and not retried', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/api/indexList', { status: 500, body: variant('failure.answerUnder500') });
    const error = (await rejection(broker.client.listIndices())) as BrokerError;
    expect(error).toMatchObject({ code: 'BROKER_ERROR', httpStatus: 500, retryable: false });
    expect(error.message).toContain('order router refused the request');
    expect(broker.to('/api/indexList')).toHaveLength(1);
    expect(broker.clock.sleeps).toEqual([]);
  });

  it('map a known text to its own code once (an error-object envelope under 500)', async () => {
    broker = mockBroker();
    broker.loginOk();
    const body = { status: 'failed', error: { message: 'Invalid Input : Invalid Trading Symbol' } };
    broker.on('/apiV2/securityInfo', { status: 500, body });
    expect(await rejection(broker.client.getSecurityInfo(QUOTE))).toMatchObject({ code: 'NOT_FOUND' });
    expect(broker.to('/apiV2/securityInfo')).toHaveLength(1);
  });

  it('are a definite refusal of a placement, not an unknown outcome', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { status: 500, body: variant('failure.errorMessage') });
    const error = (await rejection(broker.client.placeOrder(BUY))) as BrokerError;
    expect(error).toMatchObject({ code: 'BROKER_ERROR', brokerText: BLOCKED });
    expect(error.tag).toMatch(/^od-/);
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });
});

describe('real outages', () => {
  it.each([
    ['a 502 with an HTML page', 502, '<html><body>Bad Gateway</body></html>'],
    ['a 503 with an empty body', 503, ''],
    ['a 504 with a JSON body that is no envelope', 504, { message: 'upstream timed out' }],
    ['a 500 that is not JSON', 500, 'Internal Server Error'],
  ])('retry a read after %s', async (_, status, body) => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { status, body });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    expect((await broker.client.getQuote(QUOTE)).lastPrice).toBe(2450.05);
    expect(broker.to('/apiV2/getQuotes')).toHaveLength(2);
  });

  it('leave a placement of unknown outcome, never retried', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { status: 503, body: '' });
    expect(await rejection(broker.client.placeOrder(BUY))).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(broker.to('/apiV2/placeOrder')).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { BrokerError } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection, SESSION_KEY } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

describe('getQuote', () => {
  it('returns prices, circuit band and 5-level depth as exact numbers', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    const quote = await broker.client.getQuote({ exchange: 'NSE', token: '2885' });
    expect(quote).toMatchObject({
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      token: '2885',
      lastPrice: 2450.05,
      lastQuantity: 12,
      upperCircuit: 2695.05,
      lowerCircuit: 2205.05,
      dayHigh: 2461,
      dayLow: 2431.1,
      volume: 3412877,
      tickSize: 0.05,
      lotSize: 1,
      pricePrecision: 2,
      multiplier: 1,
      lastTradeTime: '2026-11-20T10:15:01+05:30',
      requestTime: '2026-11-20T10:15:02+05:30',
    });
    expect(quote.bids).toHaveLength(5);
    expect(quote.bids[0]).toEqual({ price: 2450, quantity: 120, orders: 4 });
    expect(quote.asks[4]).toEqual({ price: 2450.3, quantity: 770, orders: 19 });
    expect(quote.raw).toEqual(wireCase('quote', 'success'));
  });

  it('sends the session key as jKey with the user id, exchange and token', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote({ exchange: 'NSE', token: '2885' });
    const [sent] = broker.to('/apiV2/getQuotes');
    expect(sent?.body).toEqual({ userId: 'SIM001', jKey: SESSION_KEY, exchange: 'NSE', token: '2885' });
    expect(sent?.headers['content-type']).toBe('application/json');
  });

  it('re-sends the same fields with the new session key after a refused one', async () => {
    broker = mockBroker();
    const fresh = wireCase('login', 'v2.success') as { data: { susertoken: string } };
    fresh.data.susertoken = 'fresh-session-key-000111222333';
    broker.loginOk();
    broker.on('/apiV2/login', { body: fresh });
    broker.on('/apiV2/getQuotes', {
      body: { Status: 'Failed', data: 'Session Expired : Invalid Session Key' },
    });
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    await broker.client.getQuote({ exchange: 'NSE', token: ' 2885 ' });
    expect(broker.to('/apiV2/getQuotes').map((r) => r.body)).toEqual([
      { userId: 'SIM001', jKey: SESSION_KEY, exchange: 'NSE', token: '2885' },
      { userId: 'SIM001', jKey: 'fresh-session-key-000111222333', exchange: 'NSE', token: '2885' },
    ]);
  });

  it('reads "no data" for one instrument as NOT_FOUND with the broker text', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'failure.noData');
    const error = await rejection(broker.client.getQuote({ exchange: 'NSE', token: '99999' }));
    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', brokerText: 'Error Occurred : 5 "no data"' });
  });

  it('names the field when a success body does not match its schema', async () => {
    broker = mockBroker();
    broker.loginOk();
    const body = wireCase('quote', 'success') as { data: Record<string, unknown> };
    body.data.lastTradedPrice = 2450.05;
    broker.on('/apiV2/getQuotes', { body });
    const error = (await rejection(
      broker.client.getQuote({ exchange: 'NSE', token: '2885' }),
    )) as BrokerError;
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues[0]).toMatch(/^data\.lastTradedPrice: expected string/);
    expect(error.message).toContain('data.lastTradedPrice: expected string');
  });

  it('refuses an invalid instrument without sending anything', async () => {
    broker = mockBroker();
    const error = (await rejection(
      broker.client.getQuote({ exchange: 'XYZ' as 'NSE', token: 'abc' }),
    )) as BrokerError;
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.issues).toHaveLength(2);
    expect(broker.seen).toHaveLength(0);
  });
});

describe('getSecurityInfo', () => {
  it('returns tick, lot, precision, multiplier and the price factor', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/securityInfo', 'security-info', 'success');
    const info = await broker.client.getSecurityInfo({ exchange: 'NFO', token: '43512' });
    expect(info).toMatchObject({
      exchange: 'NFO',
      tradingSymbol: 'NIFTY24NOV26C24000',
      tickSize: 0.05,
      lotSize: 75,
      pricePrecision: 2,
      multiplier: 1,
      instrumentName: 'OPTIDX',
      priceFactor: { text: '((1 / 1) * (1 / 1))', value: 1 },
    });
  });
});

describe('listIndices', () => {
  it('lists index names with their tokens', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/indexList', 'index-list', 'success');
    const indices = await broker.client.listIndices('NSE');
    expect(indices.map((i) => [i.name, i.token])).toEqual([
      ['NIFTY 50', '26000'],
      ['NIFTY BANK', '26009'],
      ['NIFTY FIN SERVICE', '26037'],
    ]);
  });
});

describe('getOptionGreeks', () => {
  it('returns call and put greeks as numbers and sends no session key', async () => {
    broker = mockBroker();
    broker.onCase('/apiV2/optionGreek', 'option-greeks', 'success');
    const greeks = await broker.client.getOptionGreeks({
      expiry: '24NOV26',
      strikePrice: 24000,
      spotPrice: 24012.35,
      interestRate: 6.5,
      volatility: 14.2,
    });
    expect(greeks.call).toEqual({
      price: 215.37,
      delta: 0.5412,
      gamma: 0.0005,
      theta: -12.31,
      vega: 18.4,
      rho: 7.11,
    });
    expect(greeks.put.delta).toBe(-0.4588);
    expect(broker.seen[0]?.body).toEqual({
      expiryDate: '24-NOV-2026',
      strikePrice: '24000',
      spotPrice: '24012.35',
      initRate: '6.5',
      volatility: '14.2',
      optionType: 'CE',
    });
    expect(broker.to('/apiV2/login')).toHaveLength(0);
  });

  it('maps the failure text to INVALID_INPUT', async () => {
    broker = mockBroker();
    broker.onCase('/apiV2/optionGreek', 'option-greeks', 'failure');
    const error = await rejection(
      broker.client.getOptionGreeks({
        expiry: '24-NOV-2026',
        strikePrice: 24000,
        spotPrice: 24000,
        interestRate: 6,
        volatility: 1,
      }),
    );
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      brokerText: 'Invalid Input : volatility must be a positive number',
    });
  });
});

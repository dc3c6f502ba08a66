import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

/** A body of the API family that differs from the spec's examples. */
const variant = (name: string): unknown => wireCase('variants', name);

const BUY: OrderRequest = {
  exchange: 'NSE',
  tradingSymbol: 'SBIN-EQ',
  side: 'BUY',
  quantity: 10,
  priceType: 'MKT',
  product: 'C',
};

describe('index list bodies', () => {
  it.each(['index-list.noStat', 'index-list.valuesOnly'])('reads %s (no stat) as the list', async (name) => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/api/indexList', { body: variant(name) });
    const indices = await broker.client.listIndices('NSE');
    expect(indices[0]).toMatchObject({ exchange: 'NSE', name: 'NIFTY 50', token: '26000' });
    expect(indices[0]?.raw).toEqual((variant(name) as { values: unknown[] }).values[0]);
  });
});

describe('candle bodies', () => {
  const window = {
    exchange: 'NSE' as const,
    token: '2885',
    from: '2026-11-20T10:15:00+05:30',
    to: '2026-11-20T10:16:00+05:30',
  };

  it('dates rows by ssboi when they carry it instead of ssboe, keeping the other spellings', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/api/timePriceSeries', { body: variant('candles.ssboi') });
    const candles = await broker.client.getCandles({ ...window, to: '2026-11-20T10:17:00+05:30' });
    expect(candles.map((c) => [c.time, c.close, c.vwap])).toEqual([
      ['2026-11-20T10:15:00+05:30', 2450, 2449.02],
      ['2026-11-20T10:16:00+05:30', 2450.05, 2450.31],
    ]);
    expect(candles[0]).toMatchObject({
      openInterest: undefined,
      openInterestChange: undefined,
      volume: 6410,
    });
  });

  it('dates rows by their time text when they carry neither epoch field nor stat', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/api/timePriceSeries', { body: variant('candles.timeOnly') });
    const candles = await broker.client.getCandles(window);
    expect(candles.map((c) => [c.time, c.epochMs])).toEqual([
      ['2026-11-20T10:15:00+05:30', Date.parse('2026-11-20T10:15:00+05:30')],
      ['2026-11-20T10:16:00+05:30', Date.parse('2026-11-20T10:16:00+05:30')],
    ]);
    expect(candles.every((c) => c.volume === undefined && c.vwap === undefined)).toBe(true);
  });
});

describe('trade rows without a fill quantity', () => {
  it('derives each first-generation fill from the cumulative fillshares, or the quantity of a complete single fill', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.on('/api/tradeBook', { body: variant('trade-book.v1.noFlqty') });
    const trades = await broker.client.getTradeBook();
    expect(trades.map((t) => [t.orderNumber, t.fillId, t.fillQuantity, t.filledQuantity])).toEqual([
      ['26112000000031', '202', 15, 20],
      ['26112000000031', '201', 5, 5],
      ['26112000000032', '203', 10, 10],
      ['26112000000033', '204', 40, undefined],
    ]);
    expect(trades.every((t) => Number.isFinite(t.fillQuantity))).toBe(true);
    expect(trades[0]?.raw).toEqual((variant('trade-book.v1.noFlqty') as unknown[])[0]);
  });

  it('derives second-generation fills the same way when fillQuantity is missing', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/tradeBook', { body: variant('trade-book.v2.noFillQuantity') });
    const trades = await broker.client.getTradeBook();
    expect(trades.map((t) => [t.fillId, t.fillQuantity, t.filledQuantity])).toEqual([
      ['301', 8, 8],
      ['302', 12, 20],
    ]);
  });
});

describe("Noren's norenordno for the order number", () => {
  it('reads it from a first-generation placement', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.on('/api/placeOrder', { body: variant('place-order.v1.norenordno') });
    expect((await broker.client.placeOrder(BUY)).orderNumber).toBe('26112000000017');
  });

  it('reads it from a second-generation placement', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/placeOrder', { body: variant('place-order.v2.norenordno') });
    expect((await broker.client.placeOrder(BUY)).orderNumber).toBe('26112000000018');
  });

  it('reads it from order history entries', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.on('/api/singleOrderHistory', { body: variant('order-history.v1.norenordno') });
    const history = await broker.client.getOrderHistory('26112000000017');
    expect(history.events.map((e) => e.orderNumber)).toEqual(['26112000000017', '26112000000017']);
  });

  it('reads it from trade rows and order-book entries', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.on('/api/tradeBook', { body: variant('trade-book.v1.norenordno') });
    broker.on('/apiV2/orderBook', { body: variant('order-book.norenordno') });
    expect((await broker.client.getTradeBook())[0]).toMatchObject({
      orderNumber: '26112000000018',
      fillQuantity: 20,
    });
    expect((await broker.client.getOrderBook())[0]).toMatchObject({
      orderNumber: '26112000000051',
      status: 'COMPLETE',
    });
  });
});

describe('fill and status spellings', () => {
  it('reads fillShares beside an empty fillshares, status words in any case, CANCELLED and CANCELED', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/orderBook', { body: variant('order-book.spellings') });
    const book = await broker.client.getOrderBook();
    expect(book.map((o) => [o.orderNumber, o.status, o.filledQuantity, o.statusText])).toEqual([
      ['26112000000051', 'COMPLETE', 20, 'Success'],
      ['26112000000052', 'CANCELED', 0, 'cancelled'],
      ['26112000000053', 'CANCELED', 0, 'Canceled'],
      ['26112000000054', 'COMPLETE', 40, 'complete'],
    ]);
  });

  it('reads fillShares and report types in any spelling in order histories of both generations', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    broker.on('/api/singleOrderHistory', { body: variant('order-history.v1.spellings') });
    const v1 = await broker.client.getOrderHistory('26112000000017');
    expect(v1.events.map((e) => [e.status, e.filledQuantity, e.reportType])).toEqual([
      ['CANCELED', 4, 'Canceled'],
      ['OPEN', 0, 'New'],
    ]);
    await broker.close();
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/singleOrderHistory', { body: variant('order-history.v2.spellings') });
    const v2 = await broker.client.getOrderHistory('26112000000018');
    expect(v2.current).toMatchObject({ status: 'COMPLETE', filledQuantity: 20, reportType: 'Fill' });
  });
});

describe("Noren's own keys", () => {
  it('logs in with a first-generation answer in Noren form (stat, susertoken, no actid) and uses its key', async () => {
    broker = mockBroker({ generation: 'v1' });
    const body = variant('login.v1.noren') as { susertoken: string };
    broker.on('/api/login', { body });
    const session = await broker.client.login();
    expect(session).toMatchObject({ userId: 'SIM001', accountId: 'SIM001', userName: 'SIM001' });
    expect(session.loggedInAt).toMatch(/^2026-11-20T/);
    broker.on('/api/tradeBook', { body: wireCase('trade-book', 'v1.success') });
    await broker.client.getTradeBook();
    expect(broker.to('/api/tradeBook')[0]?.body).toMatchObject({ jKey: body.susertoken, actid: 'SIM001' });
    expect(JSON.stringify(session.raw)).not.toContain(body.susertoken);
  });

  it('reads a second-generation quote answered in Noren keys', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { body: variant('quote.noren') });
    const quote = await broker.client.getQuote({ exchange: 'NSE', token: '2885' });
    expect(quote).toMatchObject({
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      token: '2885',
      companyName: 'RELIANCE INDUSTRIES LTD',
      lastPrice: 2450.05,
      lastQuantity: 12,
      lastTradeTime: '2026-11-20T10:15:01+05:30',
      dayHigh: 2455,
      dayLow: 2438.1,
      upperCircuit: 2685.4,
      lowerCircuit: 2197.2,
      tickSize: 0.05,
      lotSize: 1,
      volume: 1523400,
      requestTime: '2026-11-20T10:15:02+05:30',
    });
    expect(quote.bids[0]).toEqual({ price: 2450, quantity: 100, orders: 2 });
    expect(quote.asks[4]).toEqual({ price: 2450.3, quantity: 450, orders: 7 });
    expect(quote.raw).toEqual(variant('quote.noren'));
  });

  it('reads second-generation security info answered in Noren keys', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/securityInfo', { body: variant('security-info.noren') });
    const info = await broker.client.getSecurityInfo({ exchange: 'NFO', token: '43210' });
    expect(info).toMatchObject({
      exchange: 'NFO',
      tradingSymbol: 'NIFTY24NOV26C24000',
      symbolName: 'NIFTY',
      tickSize: 0.05,
      lotSize: 75,
      pricePrecision: 2,
      multiplier: 1,
      requestTime: '2026-11-20T10:15:02+05:30',
    });
  });

  it.each(['order-book.noren', 'order-book.noren.wrapped'])(
    'reads a second-generation order book of Noren entries (%s)',
    async (name) => {
      broker = mockBroker();
      broker.loginOk();
      broker.on('/apiV2/orderBook', { body: variant(name) });
      const book = await broker.client.getOrderBook();
      expect(book[0]).toMatchObject({
        orderNumber: '26112000000061',
        exchange: 'NSE',
        tradingSymbol: 'INFY-EQ',
        side: 'BUY',
        quantity: 20,
        filledQuantity: 20,
        status: 'COMPLETE',
        price: 1500,
        averagePrice: 1499.95,
        priceType: 'LMT',
        product: 'C',
        remarks: 'hedge',
        placedAt: '2026-11-20T10:23:01+05:30',
      });
      if (name === 'order-book.noren') {
        expect(book[1]).toMatchObject({
          status: 'REJECTED',
          side: 'SELL',
          rejection: { party: 'RED', kind: 'MARGIN_SHORTFALL' },
        });
      }
    },
  );

  it("reads Noren's no-data answer to the order book as an empty book", async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/orderBook', { body: { stat: 'Not_Ok', emsg: 'Error Occurred : 5 "no data"' } });
    expect(await broker.client.getOrderBook()).toEqual([]);
  });
});

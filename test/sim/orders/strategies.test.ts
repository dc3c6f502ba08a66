import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { BASE_ORDER, type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

const legs = (n: number) => Array.from({ length: n }, (_, i) => ({ ...BASE_ORDER, remarks: `leg-${i + 1}` }));

describe('/apiV2/strategies/multiPlaceOrders', () => {
  it('places 10 orders and answers each in order', async () => {
    o = await orderHarness();
    const answer = wire.multiOrderResponse.parse(
      (await o.call('/apiV2/strategies/multiPlaceOrders', { data: legs(10) })).json,
    );
    expect(answer).toHaveLength(10);
    const numbers = answer.map((e) => wire.placeOrderV2Success.parse(e).data.orderNumber);
    expect(numbers).toEqual(numbers.map((_, i) => `261120${String(i + 1).padStart(8, '0')}`));
    for (const [i, n] of numbers.entries()) expect((await o.latest(n)).remarks).toBe(`leg-${i + 1}`);
  });

  it('refuses 11 or more as a whole, one failure per order sent, and places nothing', async () => {
    o = await orderHarness();
    const answer = await o.call('/apiV2/strategies/multiPlaceOrders', { data: legs(11) });
    const text = 'Invalid Input : at most 10 orders per call, 11 sent; nothing was placed';
    expect(answer.json).toEqual(Array.from({ length: 11 }, () => ({ Status: 'Failed', data: text })));
    expect((await o.call('/apiV2/orderBook')).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.noData });
  });

  it('fails a malformed element alone and places the others', async () => {
    o = await orderHarness();
    const data = [
      legs(1)[0],
      { ...BASE_ORDER, tradingSymbol: 'NOPE-EQ' },
      { ...BASE_ORDER, quantity: 5 },
      'not an order',
      { ...BASE_ORDER, product: 'Z' },
      { ...BASE_ORDER, remarks: 'last' },
    ];
    const answer = wire.multiOrderResponse.parse(
      (await o.call('/apiV2/strategies/multiPlaceOrders', { data })).json,
    );
    expect(answer.map((e) => e.Status)).toEqual([
      'Success',
      'Failed',
      'Failed',
      'Failed',
      'Failed',
      'Success',
    ]);
    expect(answer.slice(1, 5).map((e) => e.data)).toEqual([
      BROKER_TEXTS.invalidTradingSymbol,
      BROKER_TEXTS.notStrings,
      'Invalid Input : order 4 is not a JSON object',
      BROKER_TEXTS.invalidInput,
    ]);
    const book = wire.orderBookSuccess.parse((await o.call('/apiV2/orderBook')).json).data;
    expect(book.map((e) => e.remarks)).toEqual(['last', 'leg-1']);
  });

  it('answers a session failure once per order sent', async () => {
    o = await orderHarness();
    const answer = await o.h.post('/apiV2/strategies/multiPlaceOrders', {
      userId: 'SIM001',
      jKey: 'x',
      data: legs(3),
    });
    expect(answer.json).toEqual(
      Array.from({ length: 3 }, () => ({ Status: 'Failed', data: BROKER_TEXTS.sessionExpired })),
    );
  });
});

describe('/apiV2/strategies/longStraddle', () => {
  const straddle = (h: OrderHarness, body: Record<string, string>) =>
    h.h.post('/apiV2/strategies/longStraddle', {
      jKey: h.session.jKey,
      actId: 'SIM001',
      symbol: 'NIFTY',
      strikePrice: '25000',
      expiry: '24NOV26',
      product: 'M',
      quantity: '75',
      remarks: 'straddle',
      ...body,
    });

  it('buys the call then the put at the strike and expiry, at market for the day', async () => {
    o = await orderHarness();
    const answer = wire.multiOrderResponse.parse((await straddle(o, {})).json);
    const [call, put] = answer.map((e) => wire.placeOrderV2Success.parse(e).data.orderNumber);
    expect(Number(put)).toBe(Number(call) + 1);
    const legsSeen = [await o.latest(call ?? ''), await o.latest(put ?? '')];
    expect(legsSeen.map((l) => l.tradingSymbol)).toEqual(['NIFTY24NOV26C25000', 'NIFTY24NOV26P25000']);
    for (const l of legsSeen) {
      expect(l).toMatchObject({
        transactionType: 'B',
        priceType: 'MKT',
        retention: 'DAY',
        product: 'M',
        quantity: '75',
        remarks: 'straddle',
        status: 'COMPLETE',
      });
    }
  });

  it('takes the .NET SDK callStrikePrice and putStrikePrice', async () => {
    o = await orderHarness();
    const answer = wire.multiOrderResponse.parse(
      (await straddle(o, { strikePrice: '', callStrikePrice: '25100', putStrikePrice: '24900' })).json,
    );
    const numbers = answer.map((e) => wire.placeOrderV2Success.parse(e).data.orderNumber);
    const symbols = [];
    for (const n of numbers) symbols.push((await o.latest(n)).tradingSymbol);
    expect(symbols).toEqual(['NIFTY24NOV26C25100', 'NIFTY24NOV26P24900']);
  });

  it.each([
    ['symbol', { symbol: 'NOTANINDEX' }],
    ['expiry', { expiry: '25NOV26' }],
    ['expiry form', { expiry: '24-NOV-2026' }],
    ['strike', { strikePrice: '25001' }],
  ])('fails both legs for an unknown %s and places nothing', async (_, body) => {
    o = await orderHarness();
    expect((await straddle(o, body)).json).toEqual([
      { Status: 'Failed', data: BROKER_TEXTS.invalidTradingSymbol },
      { Status: 'Failed', data: BROKER_TEXTS.invalidTradingSymbol },
    ]);
    expect(await o.simOrders()).toEqual([]);
  });

  it('needs the session user own account id', async () => {
    o = await orderHarness();
    const text = 'Invalid Input : Invalid Account Id';
    expect((await straddle(o, { actId: 'SIM999' })).json).toEqual([
      { Status: 'Failed', data: text },
      { Status: 'Failed', data: text },
    ]);
  });
});

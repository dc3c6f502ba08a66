import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { schemaKeys } from '../../helpers/sim.js';
import { DATE_FIRST, type OrderHarness, orderHarness, TIME_FIRST } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

describe('/apiV2/orderBook', () => {
  it('answers the OMS "no data" failure for an empty book', async () => {
    o = await orderHarness();
    expect((await o.call('/apiV2/orderBook')).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.noData });
  });

  it('lists today orders newest first with every field, the fill under both spellings and CANCELLED as the book spells it', async () => {
    o = await orderHarness();
    const done = await o.place({ quantity: '2', remarks: 'filled' });
    const cancelled = await o.place({ priceType: 'LMT', price: '1450.00', retention: 'IOC', remarks: 'ioc' });
    const future = o.h.sim.market.universe(o.h.clock.now()).instruments.find((i) => i.kind === 'FUTIDX');
    const rejected = await o.place({
      exchange: 'NFO',
      tradingSymbol: future?.tradingSymbol ?? '',
      quantity: '80',
    });
    const book = wire.orderBookSuccess.parse((await o.call('/apiV2/orderBook')).json);
    expect(book.data.map((e) => e.orderNumber)).toEqual([rejected, cancelled, done]);
    for (const e of book.data) {
      for (const key of schemaKeys(wire.orderBookEntry)) expect(e, key).toHaveProperty(key);
      // The field table says fillshares, the sample fillShares: both carry the same count.
      expect(e.fillshares).toBe(e.fillShares);
      expect(e.orderTime).toMatch(TIME_FIRST);
    }
    expect(book.data.map((e) => e.status)).toEqual(['REJECTED', 'CANCELLED', 'COMPLETE']);
    expect(book.data[2]).toMatchObject({
      fillshares: '2',
      fillShares: '2',
      remarks: 'filled',
      userId: 'SIM001',
      product: 'C',
    });
    expect(book.data[0]?.rejectReason).toBe('ORA:Product Delivery not enabled on exchange NFO');
    expect((await o.latest(cancelled)).status).toBe('CANCELED');

    const nfo = wire.orderBookSuccess.parse((await o.call('/apiV2/orderBook', { exchange: 'NFO' })).json);
    expect(nfo.data.map((e) => e.orderNumber)).toEqual([rejected]);
    expect((await o.call('/apiV2/orderBook', { exchange: 'BSE' })).json).toEqual({
      Status: 'Failed',
      data: BROKER_TEXTS.noData,
    });
    const bad = (await o.call('/apiV2/orderBook', { exchange: 'MCX' })).json as { data: string };
    expect(bad.data).toMatch(/^Invalid Input : Invalid Exchange MCX/);
  });
});

describe('/apiV2/orderBook read again', () => {
  it('shows each order as it is now: a resting order read before and after it fills, and a new one', async () => {
    o = await orderHarness();
    const last = Number((await o.quote('NSE', '1594')).lastTradedPrice);
    const resting = await o.place({ priceType: 'LMT', price: (last - 20).toFixed(2), remarks: 'rests' });
    const first = wire.orderBookSuccess.parse((await o.call('/apiV2/orderBook')).json);
    expect(first.data.map((e) => [e.orderNumber, e.status, e.fillshares])).toEqual([[resting, 'OPEN', '0']]);
    await o.movePrice('NSE', 'INFY-EQ', last - 40);
    const filled = await o.place({ remarks: 'market' });
    const answer = await o.call('/apiV2/orderBook');
    const second = wire.orderBookSuccess.parse(answer.json);
    expect(second.data.map((e) => [e.orderNumber, e.status])).toEqual([
      [filled, 'COMPLETE'],
      [resting, 'COMPLETE'],
    ]);
    expect(second.data[1]?.averagePrice).toBe((last - 20).toFixed(2));
    // The text is what serialising the answer would give, byte for byte.
    expect(answer.text).toBe(JSON.stringify(answer.json));
  });
});

describe('trade books', () => {
  it('answer "no data" with requestTime in each generation form when nothing traded', async () => {
    o = await orderHarness();
    expect((await o.call('/api/tradeBook', { actid: 'SIM001' })).json).toEqual({
      stat: 'Not_Ok',
      requestTime: '10:00:00 20-11-2026',
      emsg: BROKER_TEXTS.noData,
    });
    expect((await o.call('/apiV2/tradeBook')).json).toEqual({
      Status: 'Failed',
      requestTime: '10:00:00 20-11-2026',
      data: BROKER_TEXTS.noData,
      emsg: BROKER_TEXTS.noData,
    });
    expect(wire.v1Failure.parse((await o.call('/api/tradeBook')).json).emsg).toBe(
      'Invalid Input : actid is Missing.',
    );
  });

  it('list every fill, newest first, with every spec field in both generations', async () => {
    o = await orderHarness();
    const q = await o.quote('NSE', '1594');
    const quantity = Number(q.bestSellQuantity1) + 3;
    const n = await o.place({ quantity: String(quantity), product: 'I', remarks: 'two fills' });
    const v1 = wire.tradeBookV1Success.parse((await o.call('/api/tradeBook', { actid: 'SIM001' })).json);
    expect(v1.map((t) => t.flqty)).toEqual(['3', q.bestSellQuantity1]);
    for (const t of v1) {
      for (const key of schemaKeys(wire.tradeV1)) expect(t, key).toHaveProperty(key);
      expect(t).toMatchObject({ omsordno: n, remarks: 'two fills', stat: 'Ok', actid: 'SIM001' });
      expect(t.fltm).toMatch(DATE_FIRST);
      expect(t.exch_tm).toMatch(DATE_FIRST);
      expect(t.orddttm).toMatch(TIME_FIRST);
    }
    expect(v1[1]?.flprc).toBe(q.bestSellPrice1);
    expect(v1[0]).toMatchObject({
      flprc: q.bestSellPrice2,
      fillshares: String(quantity),
      status: 'COMPLETE',
    });
    const v2 = wire.tradeBookV2Success.parse((await o.call('/apiV2/tradeBook')).json);
    expect(v2.Status).toBe('Success');
    for (const t of v2.data) {
      for (const key of schemaKeys(wire.tradeV2)) expect(t, key).toHaveProperty(key);
      expect(t.requestTime).toBe('10:00:00 20-11-2026');
      expect(t.fillTime).toMatch(DATE_FIRST);
      expect(t.exchangeUpdateTime).toMatch(DATE_FIRST);
      expect(t.orderTime).toMatch(TIME_FIRST);
    }
    expect(v2.data.map((t) => t.fillId)).toEqual(v1.map((t) => t.flid));
  });
});

describe('/apiV2/holdings', () => {
  const holdingOf = async (h: OrderHarness, symbol: string) => {
    const data = wire.holdingsSuccess.parse((await h.call('/apiV2/holdings')).json).data;
    return data.find((d) => d.exchangeTradingSymbol.some((l) => l.tradingSymbol === symbol));
  };

  it('lists the demo holdings with their NSE and BSE listings and every quantity field', async () => {
    o = await orderHarness();
    const infy = await holdingOf(o, 'INFY-EQ');
    for (const key of schemaKeys(wire.holding)) expect(infy, key).toHaveProperty(key);
    expect(infy?.exchangeTradingSymbol.map((l) => [l.exchange, l.token, l.tradingSymbol])).toEqual([
      ['NSE', '1594', 'INFY-EQ'],
      ['BSE', '500209', 'INFY'],
    ]);
    expect(infy).toMatchObject({
      holdQuantity: '40',
      dpQuantity: '40',
      BTSTQuantity: '0',
      usedQuantity: '0',
    });
  });

  it('shows a delivery buy as BTST quantity and a delivery sell as used quantity and sell amount', async () => {
    o = await orderHarness();
    const buy = await o.place({ tradingSymbol: 'WIPRO-EQ', quantity: '10' });
    expect((await o.latest(buy)).status).toBe('COMPLETE');
    expect(await holdingOf(o, 'WIPRO-EQ')).toMatchObject({
      holdQuantity: '0',
      BTSTQuantity: '10',
      tradeQuantity: '10',
    });
    const sell = await o.place({ transactionType: 'S', quantity: '15' });
    const sold = await o.latest(sell);
    const amount = (Number(sold.averagePrice) * 15).toFixed(2);
    expect(await holdingOf(o, 'INFY-EQ')).toMatchObject({
      holdQuantity: '40',
      usedQuantity: '15',
      sellAmount: amount,
    });
    const rest = await o.place({ transactionType: 'S', quantity: '26' });
    expect((await o.latest(rest)).rejectReason).toBe(
      'RED:Insufficient holdings:Required:26 Available:25 for NSE.INFY-EQ for C-SIM001 [RISK2]',
    );
  });

  it('answers "no data" with requestTime for an account without holdings', async () => {
    o = await orderHarness({ accounts: [{ ...DEMO_ACCOUNT, holdings: [] }] });
    expect((await o.call('/apiV2/holdings')).json).toEqual({
      Status: 'Failed',
      requestTime: '10:00:00 20-11-2026',
      data: BROKER_TEXTS.noData,
    });
  });
});

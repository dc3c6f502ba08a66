import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

/** INFY's last price and a limit buy resting 5 % below it, on the tick grid. */
async function restingBuy(
  h: OrderHarness,
  quantity = 10,
): Promise<{ n: string; last: number; limit: number }> {
  const last = Number((await h.quote('NSE', '1594')).lastTradedPrice);
  const limit = Math.round(last * 0.95 * 20) / 20;
  const n = await h.place({
    priceType: 'LMT',
    price: limit.toFixed(2),
    quantity: String(quantity),
    product: 'I',
  });
  expect(await h.latest(n)).toMatchObject({ status: 'OPEN', reportType: 'New' });
  return { n, last, limit };
}

const cancel = (h: OrderHarness, orderNumber: string) => h.call('/apiV2/cancelOrder', { orderNumber });
const modify = (h: OrderHarness, orderNumber: string, terms: Record<string, string>) =>
  h.call('/apiV2/modifyOrder', {
    orderNumber,
    exchange: 'NSE',
    tradingSymbol: 'INFY-EQ',
    quantity: '10',
    priceType: 'LMT',
    triggerPrice: '0',
    ...terms,
  });

const rpts = async (h: OrderHarness, n: string) => (await h.historyV2(n)).map((e) => e.reportType);
const bookEntry = async (h: OrderHarness, n: string) =>
  wire.orderBookSuccess.parse((await h.call('/apiV2/orderBook')).json).data.find((e) => e.orderNumber === n);

describe('/apiV2/cancelOrder', () => {
  it('cancels a working order: CanAck, PendingCancel, Canceled, the book says CANCELLED, margin is released', async () => {
    o = await orderHarness();
    const before = await o.limits();
    const { n } = await restingBuy(o);
    expect((await o.limits()).marginused).toBeGreaterThan(before.marginused);
    const answer = await cancel(o, n);
    expect(answer.json).toMatchObject({ Status: 'Success', data: { orderNumber: n } });
    expect(await rpts(o, n)).toEqual(['Canceled', 'PendingCancel', 'CanAck', 'New', 'PendingNew', 'NewAck']);
    expect(await o.latest(n)).toMatchObject({ status: 'CANCELED', cancelQuantity: '10', fillshares: '0' });
    expect(await bookEntry(o, n)).toMatchObject({ status: 'CANCELLED' });
    expect((await o.limits()).marginused).toBe(before.marginused);
    expect((await o.simOrders()).find((v) => v.orderNumber === n)).toMatchObject({ phase: 'done' });
  });

  it('refuses a cancelled, a completed and an unknown order with the broker text, adding CancelRejected', async () => {
    o = await orderHarness();
    const { n } = await restingBuy(o);
    await cancel(o, n);
    expect((await cancel(o, n)).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.notOpenToCancel });
    expect(await o.latest(n)).toMatchObject({
      reportType: 'CancelRejected',
      status: 'CANCELED',
      rejectReason: BROKER_TEXTS.notOpenToCancel,
    });
    const filled = await o.place({ product: 'I' });
    expect(await o.latest(filled)).toMatchObject({ status: 'COMPLETE' });
    expect((await cancel(o, filled)).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.notOpenToCancel });
    expect(await o.latest(filled)).toMatchObject({ reportType: 'CancelRejected', status: 'COMPLETE' });
    expect((await cancel(o, '26112099999999')).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.noData });
  });

  it('cancels only what is left of a partly filled order', async () => {
    o = await orderHarness();
    const q = await o.quote('NSE', '1594');
    const ask = Number(q.bestSellPrice1);
    const quantity = Number(q.bestSellQuantity1) + 40;
    const n = await o.place({
      priceType: 'LMT',
      price: ask.toFixed(2),
      quantity: String(quantity),
      product: 'I',
    });
    const partly = await o.latest(n);
    expect(partly.status).toBe('OPEN');
    const filled = Number(partly.fillshares);
    expect(filled).toBeGreaterThan(0);
    await cancel(o, n);
    expect(await o.latest(n)).toMatchObject({
      status: 'CANCELED',
      fillshares: String(filled),
      cancelQuantity: String(quantity - filled),
    });
  });
});

describe('/apiV2/modifyOrder', () => {
  it('re-prices a working order: ModAck, PendingReplace, Replaced; older entries keep the old terms', async () => {
    o = await orderHarness();
    const { n, limit } = await restingBuy(o);
    const lower = (limit - 1).toFixed(2);
    const answer = await modify(o, n, { price: lower, quantity: '20' });
    expect(answer.json).toMatchObject({ Status: 'Success', data: { orderNumber: n } });
    const history = await o.historyV2(n);
    expect(history.map((e) => e.reportType)).toEqual([
      'Replaced',
      'PendingReplace',
      'ModAck',
      'New',
      'PendingNew',
      'NewAck',
    ]);
    expect(history[0]).toMatchObject({ status: 'OPEN', price: lower, quantity: '20' });
    expect(history[3]).toMatchObject({ price: limit.toFixed(2), quantity: '10' });
    expect(await bookEntry(o, n)).toMatchObject({ status: 'OPEN', price: lower, quantity: '20' });
  });

  it('fills at the new price when the market crosses it', async () => {
    o = await orderHarness();
    const { n } = await restingBuy(o);
    const ask = Number((await o.quote('NSE', '1594')).bestSellPrice1);
    await modify(o, n, { price: ask.toFixed(2), quantity: '1' });
    expect(await o.latest(n)).toMatchObject({ status: 'COMPLETE', reportType: 'Fill', fillshares: '1' });
  });

  it("re-runs the broker's checks: tick, band, margin, quantity, instrument; a refused change leaves the order as it was", async () => {
    o = await orderHarness();
    const { n, limit } = await restingBuy(o);
    const q = await o.quote('NSE', '1594');
    const cases: [Record<string, string>, RegExp][] = [
      [{ price: (limit + 0.01).toFixed(2) }, /^ORA:Price not multiple of tick size/],
      [{ price: (Number(q.upperCircuit) + 50).toFixed(2) }, /^RED:RULE:\{Check circuit limit/],
      [{ price: limit.toFixed(2), quantity: '90000' }, /^RED:Margin Shortfall/],
      [{ quantity: '0' }, /^Error Occurred : 2 "invalid input"$/],
      [{ tradingSymbol: 'TCS-EQ' }, /^SAF:order instrument cannot be modified$/],
    ];
    for (const [terms, text] of cases) {
      const answer = (await modify(o, n, terms)).json as { Status: string; data: string };
      expect(answer.Status).toBe('Failed');
      expect(answer.data).toMatch(text);
      expect(await o.latest(n)).toMatchObject({
        reportType: 'ReplaceRejected',
        status: 'OPEN',
        price: limit.toFixed(2),
        quantity: '10',
      });
      expect(answer.data).toBe((await o.latest(n)).rejectReason);
    }
    expect(await bookEntry(o, n)).toMatchObject({ status: 'OPEN', price: limit.toFixed(2), quantity: '10' });
  });

  it('refuses a finished order with ReplaceRejected, and an unknown one with no data', async () => {
    o = await orderHarness();
    const { n } = await restingBuy(o);
    await cancel(o, n);
    expect((await modify(o, n, { price: '1.00' })).json).toEqual({
      Status: 'Failed',
      data: BROKER_TEXTS.notOpenToModify,
    });
    expect(await o.latest(n)).toMatchObject({ reportType: 'ReplaceRejected', status: 'CANCELED' });
    expect((await modify(o, '26112099999999', {})).json).toEqual({
      Status: 'Failed',
      data: BROKER_TEXTS.noData,
    });
  });
});

describe('faults on cancel and modify', () => {
  async function arm(h: OrderHarness, fault: Record<string, unknown>, path: string) {
    expect((await h.h.post('/_sim/faults', { fault, paths: [path] })).status).toBe(200);
  }

  it('a 5xx changes nothing; a malformed answer hides a change that was made', async () => {
    o = await orderHarness();
    const { n, limit } = await restingBuy(o);
    await arm(o, { kind: 'error', status: 503 }, '/apiV2/cancelOrder');
    expect((await cancel(o, n)).status).toBe(503);
    expect(await o.latest(n)).toMatchObject({ status: 'OPEN', reportType: 'New' });
    await arm(o, { kind: 'malformed' }, '/apiV2/modifyOrder');
    const garbled = await modify(o, n, { price: (limit - 2).toFixed(2) });
    expect(garbled.json).toBeUndefined();
    expect(await o.latest(n)).toMatchObject({ reportType: 'Replaced', price: (limit - 2).toFixed(2) });
    await arm(o, { kind: 'malformed' }, '/apiV2/cancelOrder');
    expect((await cancel(o, n)).json).toBeUndefined();
    expect(await o.latest(n)).toMatchObject({ reportType: 'Canceled' });
  });
});

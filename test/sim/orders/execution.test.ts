import { afterEach, describe, expect, it } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

interface Level {
  price: number;
  quantity: number;
}

async function depth(h: OrderHarness, side: 'Buy' | 'Sell'): Promise<Level[]> {
  const q = await h.quote('NSE', '1594');
  return [1, 2, 3, 4, 5].map((n) => ({
    price: Number(q[`best${side}Price${n}`]),
    quantity: Number(q[`best${side}Quantity${n}`]),
  }));
}

async function tradesOf(h: OrderHarness, orderNumber: string): Promise<Level[]> {
  const book = wire.tradeBookV2Success.parse((await h.call('/apiV2/tradeBook')).json).data;
  return book
    .filter((t) => t.orderNumber === orderNumber)
    .reverse()
    .map((t) => ({ price: Number(t.fillPrice), quantity: Number(t.fillQuantity) }));
}

const reports = async (h: OrderHarness, n: string) =>
  (await h.historyV2(n)).map((e) => `${e.reportType}:${e.status}:${e.fillshares}`);

describe('market orders', () => {
  it('walk the asks, one trade per level, so a large order fills at several prices', async () => {
    o = await orderHarness();
    const asks = await depth(o, 'Sell');
    const quantity = (asks[0]?.quantity ?? 0) + (asks[1]?.quantity ?? 0) + 7;
    const n = await o.place({ quantity: String(quantity), product: 'I' });
    expect(await tradesOf(o, n)).toEqual([asks[0], asks[1], { price: asks[2]?.price, quantity: 7 }]);
    const last = await o.latest(n);
    expect(last).toMatchObject({ status: 'COMPLETE', fillshares: String(quantity), reportType: 'Fill' });
    const value =
      (asks[0]?.price ?? 0) * (asks[0]?.quantity ?? 0) + (asks[1]?.price ?? 0) * (asks[1]?.quantity ?? 0);
    expect(Number(last.averagePrice)).toBeCloseTo((value + 7 * (asks[2]?.price ?? 0)) / quantity, 2);
  });

  it('keep what the depth cannot absorb working as a limit at the last fill price, and fill it later', async () => {
    o = await orderHarness();
    const asks = await depth(o, 'Sell');
    const all = asks.reduce((n, l) => n + l.quantity, 0);
    const n = await o.place({ quantity: String(all + 50), product: 'I' });
    expect(await tradesOf(o, n)).toEqual(asks);
    expect(await o.latest(n)).toMatchObject({ status: 'OPEN', fillshares: String(all) });
    const view = (await o.simOrders())[0] as unknown as { restingPrice: number; phase: string };
    expect(view).toMatchObject({ restingPrice: asks[4]?.price, phase: 'working' });
    await o.advance(30_000);
    expect(await o.latest(n)).toMatchObject({ status: 'COMPLETE', fillshares: String(all + 50) });
    expect((await tradesOf(o, n)).at(-1)?.price).toBe(asks[4]?.price);
  });

  it('with IOC cancel what the depth cannot fill at once', async () => {
    o = await orderHarness();
    const bids = await depth(o, 'Buy');
    const all = bids.reduce((n, l) => n + l.quantity, 0);
    const n = await o.place({
      quantity: String(all + 100),
      product: 'I',
      transactionType: 'S',
      retention: 'IOC',
    });
    expect(await tradesOf(o, n)).toEqual(bids);
    const [last] = await o.historyV1(n);
    expect(last).toMatchObject({
      rpt: 'Canceled',
      status: 'CANCELED',
      fillshares: String(all),
      cancelqty: '100',
    });
  });
});

describe('limit orders', () => {
  it('fill at once against the depth up to the limit (or better) and rest the rest at the limit', async () => {
    o = await orderHarness();
    const asks = await depth(o, 'Sell');
    const limit = asks[1]?.price.toFixed(2) ?? '';
    const quantity = (asks[0]?.quantity ?? 0) + (asks[1]?.quantity ?? 0) + 40;
    const n = await o.place({ priceType: 'LMT', price: limit, quantity: String(quantity), product: 'I' });
    expect(await tradesOf(o, n)).toEqual([asks[0], asks[1]]);
    expect(await o.latest(n)).toMatchObject({ status: 'OPEN', price: limit });
  });

  it('sell at the bids when marketable, never below the limit', async () => {
    o = await orderHarness();
    const bids = await depth(o, 'Buy');
    const n = await o.place({ priceType: 'LMT', price: '1500.00', quantity: '20', transactionType: 'S' });
    const trades = await tradesOf(o, n);
    expect(trades[0]?.price).toBe(bids[0]?.price);
    for (const t of trades) expect(t.price).toBeGreaterThanOrEqual(1500);
    expect((await o.latest(n)).status).toBe('COMPLETE');
  });

  it('stay OPEN until the market trades through them, then fill at the limit', async () => {
    o = await orderHarness();
    const n = await o.place({ priceType: 'LMT', price: '1550.00', quantity: '5', product: 'I' });
    await o.advance(60_000);
    expect(await reports(o, n)).toEqual(['New:OPEN:0', 'PendingNew:PENDING:0', 'NewAck:PENDING:0']);
    await o.movePrice('NSE', 'INFY-EQ', 1540);
    await o.advance(60_000);
    expect(await o.latest(n)).toMatchObject({ status: 'COMPLETE', averagePrice: '1550.00' });
    for (const t of await tradesOf(o, n)) expect(t.price).toBe(1550);
  });

  it('fill a large resting order partly, slot by slot, one trade per fill', async () => {
    o = await orderHarness();
    const large = { tradingSymbol: 'TATASTEEL-EQ', priceType: 'LMT', price: '137.00', quantity: '20000' };
    const n = await o.place({ ...large, product: 'I' });
    expect((await o.latest(n)).status).toBe('OPEN');
    await o.movePrice('NSE', 'TATASTEEL-EQ', 136.5);
    await o.advance(30_000);
    const trades = await tradesOf(o, n);
    expect(trades.length).toBeGreaterThanOrEqual(2);
    for (const t of trades) expect(t.price).toBe(137);
    const filled = trades.reduce((s, t) => s + t.quantity, 0);
    expect(filled).toBeLessThan(20000);
    const history = await o.historyV2(n);
    expect(history[0]).toMatchObject({ status: 'OPEN', reportType: 'Fill', fillshares: String(filled) });
    const cumulative = history.filter((e) => e.reportType === 'Fill').map((e) => Number(e.fillshares));
    expect(cumulative).toEqual([...cumulative].sort((a, b) => b - a));
    expect(new Set(cumulative).size).toBe(trades.length);
  });
});

describe('stop orders', () => {
  it('SL-MKT waits in TRIGGER_PENDING until the last price reaches the trigger, then walks the book', async () => {
    o = await orderHarness();
    const n = await o.place({ priceType: 'SL-MKT', triggerPrice: '1600.00', quantity: '5', product: 'I' });
    await o.advance(30_000);
    expect((await o.latest(n)).status).toBe('TRIGGER_PENDING');
    await o.movePrice('NSE', 'INFY-EQ', 1601);
    const after = await o.historyV2(n);
    expect(after.map((e) => `${e.reportType}:${e.status}`)).toEqual([
      'Fill:COMPLETE',
      'New:OPEN',
      'New:TRIGGER_PENDING',
      'PendingNew:PENDING',
      'NewAck:PENDING',
    ]);
    expect(Number(after[0]?.averagePrice)).toBeGreaterThanOrEqual(1601);
    expect(after[0]?.triggerPrice).toBe('1600.00');
  });

  it('SL-LMT sell triggers at or below the trigger and then fills within its limit', async () => {
    o = await orderHarness();
    const n = await o.placeV1({
      priceType: 'SL-LMT',
      triggerPrice: '1570.00',
      price: '1565.00',
      quantity: '5',
      transactionType: 'S',
    });
    expect((await o.historyV1(n))[0]).toMatchObject({ status: 'TRIGGER_PENDING', trgprc: '1570.00' });
    await o.movePrice('NSE', 'INFY-EQ', 1568);
    await o.advance(20_000);
    const [last] = await o.historyV1(n);
    expect(last).toMatchObject({ status: 'COMPLETE', fillshares: '5' });
    expect(Number(last?.avgprc)).toBeGreaterThanOrEqual(1565);
  });
});

describe('the end of the session', () => {
  it('cancels DAY and EOS orders still open at 15:30 IST in real hours', async () => {
    o = await orderHarness({ hours: 'real' });
    const day = await o.place({ priceType: 'LMT', price: '1450.00', quantity: '4', product: 'I' });
    const eos = await o.place({
      priceType: 'LMT',
      price: '1450.00',
      quantity: '4',
      product: 'I',
      retention: 'EOS',
    });
    await o.advance(5 * 3_600_000 + 29 * 60_000);
    expect((await o.latest(day)).status).toBe('OPEN');
    await o.advance(60_000);
    for (const n of [day, eos]) {
      expect(await o.latest(n)).toMatchObject({
        reportType: 'Canceled',
        status: 'CANCELED',
        cancelQuantity: '4',
        omstm: '15:30:00 20-11-2026',
      });
    }
    expect((await o.limits()).marginused).toBe(0);
  });

  it('cancels them at midnight IST when the market is always open', async () => {
    o = await orderHarness();
    const n = await o.place({
      priceType: 'LMT',
      price: '1450.00',
      quantity: '4',
      product: 'I',
      remarks: 'eod',
    });
    await o.advance(14 * 3_600_000 - 1000);
    expect((await o.latest(n)).status).toBe('OPEN');
    await o.advance(1000);
    const relogin = await o.h.loginV2();
    const answer = await o.h.post('/apiV2/singleOrderHistory', {
      userId: 'SIM001',
      jKey: relogin,
      orderNumber: n,
    });
    const [last] = wire.orderHistoryV2Success.parse(answer.json).data;
    expect(last).toMatchObject({ status: 'CANCELED', omstm: '00:00:00 21-11-2026', remarks: 'eod' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../src/core/watcher/index.js';
import { startWatcher, type WatcherHarness } from './harness.js';

let w: WatcherHarness | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const kinds = (events: readonly OrderEvent[], orderNumber?: string) =>
  events.filter((e) => orderNumber === undefined || e.orderNumber === orderNumber).map((e) => e.kind);

describe('the order watcher', () => {
  it("sees every order of the account through each one's life, whoever placed it", async () => {
    w = await startWatcher();
    const watcher = w.watcher();
    const market = await w.client.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'SBIN-EQ',
      side: 'BUY',
      quantity: 2,
      priceType: 'MKT',
      product: 'I',
    });
    const outside = await w.placeOutside({ remarks: 'phone order' });
    const rejected = await w.placeOutside({ transactionType: 'S', product: 'C', quantity: '7' });
    const last = (await w.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const resting = await w.placeOutside({
      priceType: 'LMT',
      price: (Math.round(last * 0.97 * 20) / 20).toFixed(2),
    });

    const first = await watcher.poll();
    expect(kinds(first, market.orderNumber)).toEqual(['placed', 'filled']);
    expect(
      first.find((e) => e.kind === 'filled' && e.orderNumber === market.orderNumber)?.fills?.length,
    ).toBeGreaterThan(0);
    expect(first.find((e) => e.orderNumber === market.orderNumber)?.order.source).toEqual({
      kind: 'client',
      tag: market.tag,
    });
    expect(first.find((e) => e.orderNumber === outside)?.order.source).toEqual({ kind: 'outside' });
    expect(kinds(first, rejected)).toEqual(['placed', 'rejected']);
    expect(first.find((e) => e.kind === 'rejected')?.order.rejection).toMatchObject({
      party: 'RED',
      kind: 'INSUFFICIENT_HOLDINGS',
    });
    expect(kinds(first, resting)).toEqual(['placed', 'open']);
    expect(first.map((e) => e.seq)).toEqual(first.map((_, i) => i + 1));

    expect(await watcher.poll()).toEqual([]);
    // The session ends at 15:30: the paper broker cancels what is still open.
    await w.h.post('/_sim/clock/advance', { ms: 5.6 * 3_600_000 });
    await w.clock.advance(5.6 * 3_600_000);
    const evening = await watcher.poll();
    expect(kinds(evening, resting)).toEqual(['cancelled']);
  });

  it('reads the order book and the trade book once each per look, however many orders there are', async () => {
    w = await startWatcher();
    const watcher = w.watcher();
    for (let i = 0; i < 30; i += 1) await w.placeOutside({ remarks: `n${i}` });
    const events = await watcher.poll();
    expect(kinds(events).filter((k) => k === 'placed')).toHaveLength(30);
    expect(w.reads).toEqual({ orderBook: 1, tradeBook: 1 });
  });

  it('emits nothing twice across a restart, and numbers on from where it stopped', async () => {
    w = await startWatcher();
    await w.placeOutside({});
    const before = await w.watcher().poll();
    const restarted = w.watcher();
    expect(await restarted.poll()).toEqual([]);
    const next = await w.placeOutside({ remarks: 'after the restart' });
    const after = await restarted.poll();
    expect(kinds(after, next)).toEqual(['placed', 'filled']);
    expect(after[0]?.seq).toBe((before.at(-1)?.seq ?? 0) + 1);
  });

  it("keeps the day before's orders as last seen once the day changes, across a restart, for consumers the journal no longer covers", async () => {
    w = await startWatcher();
    const last = (await w.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const resting = await w.placeOutside({
      priceType: 'LMT',
      price: (Math.round(last * 0.97 * 20) / 20).toFixed(2),
    });
    const watcher = w.watcher();
    await watcher.poll();
    expect(watcher.previousDay()).toBeUndefined();
    const advance = async (ms: number) => {
      await w?.h.post('/_sim/clock/advance', { ms });
      await w?.clock.advance(ms);
    };
    await advance(5.6 * 3_600_000);
    await watcher.poll();
    await advance(12 * 3_600_000);
    expect(await watcher.poll()).toEqual([]);
    const statuses = (orders: readonly { orderNumber: string; status: string }[] | undefined) =>
      orders?.map((o) => [o.orderNumber, o.status]);
    expect(watcher.previousDay()?.day).toBe('2026-11-20');
    expect(statuses(watcher.previousDay()?.orders)).toEqual([[resting, 'CANCELED']]);
    expect(watcher.orders()).toEqual([]);
    const restarted = w.watcher();
    await restarted.start();
    restarted.close();
    expect(statuses(restarted.previousDay()?.orders)).toEqual([[resting, 'CANCELED']]);
  });

  it('replays what a consumer missed from its last handled event', async () => {
    w = await startWatcher();
    await w.placeOutside({});
    await w.placeOutside({});
    const first = w.watcher();
    const all = await first.poll();
    const restarted = w.watcher();
    await restarted.start();
    restarted.close();
    const replayed: number[] = [];
    restarted.subscribe((e) => replayed.push(e.seq), 2);
    expect(replayed).toEqual(all.filter((e) => e.seq > 2).map((e) => e.seq));
  });

  it('outlasts a failed read and an expired session: nothing is lost, the next look catches up', async () => {
    w = await startWatcher();
    const watcher = w.watcher();
    await w.client.login();
    await w.h.post('/_sim/faults', { fault: { kind: 'error' }, count: 10, paths: ['/apiV2/orderBook'] });
    const placed = await w.placeOutside({});
    expect(await watcher.poll()).toEqual([]);
    await w.h.post('/_sim/faults', undefined, { method: 'DELETE' });
    await w.h.post('/_sim/sessions/expire', {});
    expect(kinds(await watcher.poll(), placed)).toEqual(['placed', 'filled']);
  });
});

describe('the order watcher and changed orders', () => {
  it('reports a modification and a cancel made outside omsdesk (the broker app), with what the order was before', async () => {
    w = await startWatcher();
    const watcher = w.watcher();
    const last = (await w.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const price = Math.round(last * 0.97 * 20) / 20;
    const n = await w.placeOutside({ priceType: 'LMT', price: price.toFixed(2), quantity: '2' });
    await watcher.poll();
    const jKey = await w.h.loginV2();
    const change = { userId: 'SIM001', jKey, orderNumber: n };
    await w.h.post('/apiV2/modifyOrder', {
      ...change,
      exchange: 'NSE',
      tradingSymbol: 'SBIN-EQ',
      quantity: '3',
      price: (price - 1).toFixed(2),
      priceType: 'LMT',
    });
    const modified = (await watcher.poll()).filter((e) => e.orderNumber === n);
    expect(modified.map((e) => e.kind)).toEqual(['modified']);
    expect(modified[0]?.before).toEqual({ quantity: 2, price });
    expect(modified[0]?.order).toMatchObject({ quantity: 3, price: price - 1, source: { kind: 'outside' } });
    await w.h.post('/apiV2/cancelOrder', change);
    expect(kinds(await watcher.poll(), n)).toEqual(['cancelled']);
  });
});

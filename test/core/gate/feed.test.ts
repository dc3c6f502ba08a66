import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const order = (extra: Record<string, unknown> = {}) =>
  ({
    kind: 'single',
    order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 4, priceType: 'MKT', product: 'I', ...extra },
  }) as const;

async function restingLimit(h: GateHarness) {
  const last = (await h.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
  const limit = Math.round(last * 0.98 * 20) / 20;
  return { last, limit };
}

describe('tickets following the order watcher', () => {
  it('learn their outcome from one look at the books, never reading an order history', async () => {
    g = await startGate({}, { watcher: true });
    const t = await g.gate.preview(order(), MODEL);
    const done = await g.gate.approve(t.id, ALICE);
    expect(done.status).toBe('COMPLETE');
    expect(done.legs[0]?.outcome).toMatchObject({ status: 'COMPLETE', filledQuantity: 4 });
    expect(g.historyReads).toEqual([]);
  });

  it('settle a resting order when the watcher sees it fill, with nothing asked of the broker on their own', async () => {
    g = await startGate({}, { watcher: true });
    const { limit } = await restingLimit(g);
    const t = await g.gate.preview(order({ priceType: 'LMT', price: limit }), MODEL);
    expect((await g.gate.approve(t.id, ALICE)).status).toBe('PLACED');
    await g.h.post('/_sim/price', {
      exchange: 'NSE',
      token: '3045',
      price: Math.round(limit * 0.99 * 20) / 20,
    });
    await g.h.post('/_sim/clock/advance', { ms: 60_000 });
    await g.watcher?.poll();
    await g.watcher?.poll();
    expect(g.gate.get(t.id)?.status).toBe('COMPLETE');
    expect(g.historyReads).toEqual([]);
  });

  it('catch up after a restart with what their orders did while no process listened', async () => {
    g = await startGate({}, { watcher: true });
    const { limit } = await restingLimit(g);
    const t = await g.gate.preview(order({ priceType: 'LMT', price: limit }), MODEL);
    expect((await g.gate.approve(t.id, ALICE)).status).toBe('PLACED');
    g.watcher?.close();
    await g.h.post('/_sim/price', {
      exchange: 'NSE',
      token: '3045',
      price: Math.round(limit * 0.99 * 20) / 20,
    });
    await g.h.post('/_sim/clock/advance', { ms: 60_000 });
    const gate = await g.reopen();
    expect((await gate.status(t.id))?.status).toBe('COMPLETE');
    expect(g.historyReads).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSnapshot, SimInstrument } from '../../../src/sim/market/types.js';
import { walkDepth } from '../../../src/sim/orders/matching.js';
import { applyToPosition, newPosition } from '../../../src/sim/orders/positions.js';
import { onTick } from '../../../src/sim/orders/risk-checks.js';
import { type OrderHarness, orderHarness } from './harness.js';

let open: OrderHarness[] = [];
afterEach(async () => {
  await Promise.all(open.map((o) => o.close()));
  open = [];
});

async function harness(options: Parameters<typeof orderHarness>[0] = {}): Promise<OrderHarness> {
  const o = await orderHarness(options);
  open.push(o);
  return o;
}

describe('tick arithmetic', () => {
  it('decides tick multiples in whole paise, where floating-point remainders would be wrong', () => {
    expect(1450.15 % 0.05).not.toBe(0);
    expect(onTick(1450.15, 0.05)).toBe(true);
    expect(onTick(2450.1, 0.05)).toBe(true);
    expect(onTick(137.53, 0.01)).toBe(true);
    expect(onTick(2450.07, 0.05)).toBe(false);
    expect(onTick(100.005, 0.01)).toBe(false);
  });
});

describe('the depth walk', () => {
  const level = (price: number, quantity: number) => ({ price, quantity, orders: 1 });
  const snapshot = {
    asks: [level(10, 5), level(10.05, 5), level(10.1, 5), level(0, 0), level(0, 0)],
    bids: [level(9.95, 5), level(9.9, 5), level(0, 0), level(0, 0), level(0, 0)],
  } as unknown as MarketSnapshot;

  it('takes levels best first, stops at the limit and skips empty levels', () => {
    expect(walkDepth(snapshot, 'B', 12)).toEqual([
      { quantity: 5, price: 10 },
      { quantity: 5, price: 10.05 },
      { quantity: 2, price: 10.1 },
    ]);
    expect(walkDepth(snapshot, 'B', 12, 10.05)).toHaveLength(2);
    expect(walkDepth(snapshot, 'S', 100)).toEqual([
      { quantity: 5, price: 9.95 },
      { quantity: 5, price: 9.9 },
    ]);
  });
});

describe('position netting', () => {
  it('averages additions, realises P&L on reductions and reopens at the fill price when crossing zero', () => {
    const p = newPosition({ exchange: 'NSE', token: '1' } as SimInstrument, 'I');
    expect(applyToPosition(p, 10, 100)).toBe(0);
    expect(applyToPosition(p, 10, 110)).toBe(0);
    expect(p).toMatchObject({ net: 20, averagePrice: 105 });
    expect(applyToPosition(p, -5, 120)).toBe(75);
    expect(applyToPosition(p, -25, 90)).toBe(-225);
    expect(p).toMatchObject({ net: -10, averagePrice: 90, realised: -150, bought: 20, sold: 30 });
  });
});

describe('the order engine', () => {
  async function script(o: OrderHarness): Promise<unknown> {
    await o.place({ quantity: '700', product: 'I' });
    await o.place({ priceType: 'LMT', price: '1550.00', quantity: '900', product: 'I' });
    await o.place({ priceType: 'SL-MKT', triggerPrice: '1600.00', quantity: '50', product: 'I' });
    await o.advance(15_000);
    await o.movePrice('NSE', 'INFY-EQ', 1545);
    await o.advance(40_000);
    await o.movePrice('NSE', 'INFY-EQ', 1602);
    await o.advance(10_000);
    return o.simOrders();
  }

  it('is deterministic: the same seed, clock and requests give the same orders, fills and times', async () => {
    const [a, b] = await Promise.all([harness({ seed: 5 }), harness({ seed: 5 })]);
    const [viewA, viewB] = [await script(a as OrderHarness), await script(b as OrderHarness)];
    expect(viewB).toEqual(viewA);
    expect(JSON.stringify(viewA)).toContain('COMPLETE');
  });

  it('also steps on a real-time timer, so live watchers see progress without asking', async () => {
    const o = await harness({ orderLatencyMs: 1000, engineTickMs: 20 });
    await o.place({ remarks: 'timer' });
    o.h.clock.advance(1000);
    await vi.waitFor(async () => expect((await o.simOrders())[0]?.status).toBe('COMPLETE'), {
      timeout: 3000,
    });
  });

  it('reports its request count and CPU time at /_sim/stats', async () => {
    const o = await harness();
    const stats = (await o.h.post('/_sim/stats', undefined, { method: 'GET' })).json as {
      requests: number;
      cpu: { user: number; system: number };
    };
    expect(stats.requests).toBeGreaterThanOrEqual(2);
    expect(stats.cpu.user).toBeGreaterThan(0);
  });
});

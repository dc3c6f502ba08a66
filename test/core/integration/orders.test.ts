import { afterEach, describe, expect, it } from 'vitest';
import { isBrokerError } from '../../../src/core/errors.js';
import type { OrderRequest } from '../../../src/core/orders/order-request.js';
import { clientOnSim } from './client-harness.js';

let env: Awaited<ReturnType<typeof clientOnSim>> | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const SBIN: OrderRequest = {
  exchange: 'NSE',
  tradingSymbol: 'SBIN-EQ',
  side: 'BUY',
  quantity: 10,
  priceType: 'MKT',
  product: 'I',
};

/** Orders the simulator itself holds, whatever the client was told. */
async function simOrderCount(): Promise<number> {
  const view = (await env?.h.post('/_sim/orders', undefined, { method: 'GET' }))?.json as
    | unknown[]
    | { orders: unknown[] };
  return (Array.isArray(view) ? view : view.orders).length;
}

describe.each(['v1', 'v2'] as const)('the client against the paper broker: orders, %s', (generation) => {
  it('places, follows to a fill, and reads history, books and trades in one shape', async () => {
    env = await clientOnSim({ generation });
    const placed = await env.client.placeOrder({ ...SBIN, remarks: 'integration', tag: `it-${generation}` });
    expect(placed.orderNumber).toMatch(/^\d{14}$/);
    expect(placed.remarks).toBe(`it-${generation} integration`);
    const followed = await env.client.waitForOrder(placed.orderNumber, { timeoutMs: 5_000 });
    expect(followed.settled).toBe(true);
    expect(followed.order).toMatchObject({
      status: 'COMPLETE',
      side: 'BUY',
      filledQuantity: 10,
      tradingSymbol: 'SBIN-EQ',
    });
    const history = await env.client.getOrderHistory(placed.orderNumber);
    expect(history.events.map((e) => e.reportType)).toEqual(['Fill', 'New', 'PendingNew', 'NewAck']);
    expect(history.current.updatedAt).toMatch(/\+05:30$/);
    const book = await env.client.getOrderBook();
    expect(book.map((o) => o.orderNumber)).toContain(placed.orderNumber);
    const trades = await env.client.getTradeBook();
    expect(trades.reduce((sum, t) => sum + t.fillQuantity, 0)).toBe(10);
    expect(trades[0]?.orderNumber).toBe(placed.orderNumber);
  });
});

describe('the client against the paper broker: strategies, holdings and rejections', () => {
  it('places up to ten orders in one call, each answered in order', async () => {
    env = await clientOnSim();
    const legs = await env.client.placeOrders([
      SBIN,
      { ...SBIN, tradingSymbol: 'NOSUCH-EQ' },
      { ...SBIN, side: 'SELL' },
    ]);
    expect(legs.map((l) => l.ok)).toEqual([true, false, true]);
    const failed = legs[1];
    expect(failed && !failed.ok && failed.error.brokerText).toBe('Invalid Input : Invalid Trading Symbol');
    const tooMany = await env.client.placeOrders(Array(11).fill(SBIN)).catch((e: unknown) => e);
    expect(isBrokerError(tooMany, 'INVALID_INPUT')).toBe(true);
    expect(await simOrderCount()).toBe(2);
  });

  it('buys a straddle: call and put at one strike', async () => {
    env = await clientOnSim();
    const call = env.h.sim.market
      .universe(env.h.clock.now())
      .instruments.find((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && i.strike === 24000);
    const result = await env.client.placeLongStraddle({
      symbol: 'NIFTY',
      strikePrice: 24000,
      expiry: call?.expiry ?? 0,
      product: 'M',
      quantity: 75,
    });
    expect(result.legs.map((l) => l.ok)).toEqual([true, true]);
    const book = await env.client.getOrderBook({ exchange: 'NFO' });
    expect(book.map((o) => o.tradingSymbol.slice(-6, -5)).sort()).toEqual(['C', 'P']);
  });

  it('reads holdings with both listings, and shows a delivery buy as BTST', async () => {
    env = await clientOnSim();
    const before = await env.client.getHoldings();
    const infy = before.find((h) => h.listings.some((l) => l.tradingSymbol === 'INFY-EQ'));
    expect(infy?.listings.map((l) => l.exchange).sort()).toEqual(['BSE', 'NSE']);
    const placed = await env.client.placeOrder({ ...SBIN, product: 'C', quantity: 3 });
    await env.client.waitForOrder(placed.orderNumber, { timeoutMs: 5_000 });
    const sbin = (await env.client.getHoldings()).find((h) =>
      h.listings.some((l) => l.tradingSymbol === 'SBIN-EQ'),
    );
    expect(sbin?.btstQuantity).toBe(3);
  });

  it('returns a rejection as data with the parsed reason', async () => {
    env = await clientOnSim();
    const placed = await env.client.placeOrder({ ...SBIN, quantity: 100_000, product: 'C' });
    const { order } = await env.client.waitForOrder(placed.orderNumber, { timeoutMs: 5_000 });
    expect(order.status).toBe('REJECTED');
    expect(order.rejection).toMatchObject({ party: 'RED', kind: 'MARGIN_SHORTFALL' });
    expect(order.rejection?.numbers.shortfall).toBeGreaterThan(0);
  });
});

describe('the client never retries a placement', () => {
  async function armPlacementFault(fault: unknown): Promise<void> {
    await env?.client.login();
    await env?.h.post('/_sim/faults', { fault, count: 1, paths: ['/apiV2/placeOrder'] });
  }

  it.each([
    ['a 5xx', { kind: 'error', status: 503 }, 0],
    ['a connection cut after the order was handled', { kind: 'drop', when: 'after' }, 1],
    ['an answer that never comes ("accept then stall")', { kind: 'stall' }, 1],
    ['a broken answer', { kind: 'malformed' }, 1],
  ])(
    'after %s: OUTCOME_UNKNOWN with the tag, one attempt, and reconciliation finds exactly what happened',
    async (_, fault, placed) => {
      env = await clientOnSim({ timeouts: { headersMs: 500, requestMs: 800 } });
      await armPlacementFault(fault);
      const error = await env.client.placeOrder({ ...SBIN, tag: 'amb-1' }).catch((e: unknown) => e);
      expect(isBrokerError(error, 'OUTCOME_UNKNOWN')).toBe(true);
      expect((error as { tag?: string }).tag).toBe('amb-1');
      expect(env.log.lines.filter((l) => l.message === 'retrying read')).toHaveLength(0);
      expect(await simOrderCount()).toBe(placed);
      // The paper broker answers at once, so its answer window is over as soon as the fault has passed.
      const settled = await env.client.reconcileOrder('amb-1', { intervalMs: 50, answerWindowMs: 0 });
      expect(settled.placed).toBe(placed === 1);
      if (settled.placed === true) expect(settled.orders).toHaveLength(1);
    },
  );

  it('resends once after a session failure, which proves the order never reached the OMS', async () => {
    env = await clientOnSim();
    await env.client.login();
    await env.h.post('/_sim/sessions/expire', {});
    const placed = await env.client.placeOrder(SBIN);
    expect(placed.orderNumber).toMatch(/^\d{14}$/);
    expect(await simOrderCount()).toBe(1);
  });
});

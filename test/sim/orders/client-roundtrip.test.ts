import { afterEach, describe, expect, it } from 'vitest';
import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { type SimHarness, startSim, totpFor } from '../../helpers/sim.js';

// The product's own client against the paper broker: what it decodes is what the simulator meant.
let h: SimHarness | undefined;
let client: BrokerClient | undefined;
afterEach(async () => {
  await client?.close();
  await h?.close();
  client = undefined;
  h = undefined;
});

async function connect(generation: 'v1' | 'v2'): Promise<BrokerClient> {
  h = await startSim({ engineTickMs: 0 });
  const clock = h.clock;
  client = createBrokerClient({
    baseUrl: h.sim.url,
    credentials: {
      userId: DEMO_ACCOUNT.userId,
      password: DEMO_ACCOUNT.password,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
      dobOrPan: DEMO_ACCOUNT.dobOrPan,
      totp: () => totpFor(clock.now()),
    },
    generation,
    rateLimits: false,
  });
  return client;
}

describe.each(['v1', 'v2'] as const)('the core client (%s) against the paper broker', (generation) => {
  it('reads placements, histories, books, holdings and limits as the simulator wrote them', async () => {
    const c = await connect(generation);
    const placed = await c.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      side: 'BUY',
      quantity: 5,
      priceType: 'MKT',
      product: 'C',
      remarks: 'roundtrip',
    });
    const history = await c.getOrderHistory(placed.orderNumber);
    expect(history.current).toMatchObject({ status: 'COMPLETE', filledQuantity: 5, reportType: 'Fill' });
    expect(history.events.map((e) => e.reportType)).toEqual(['Fill', 'New', 'PendingNew', 'NewAck']);
    expect(history.events.at(-1)?.exchangeTime).toBeUndefined();

    const rejected = await c.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      side: 'BUY',
      quantity: 1000,
      priceType: 'LMT',
      price: 1400,
      product: 'C',
    });
    const refusal = (await c.getOrderHistory(rejected.orderNumber)).current;
    expect(refusal.status).toBe('REJECTED');
    expect(refusal.rejection).toMatchObject({
      party: 'RED',
      kind: 'MARGIN_SHORTFALL',
      numbers: { available: 1_000_000 - 5 * (history.current.averagePrice ?? 0) },
    });

    const book = await c.getOrderBook();
    expect(book.map((o) => o.orderNumber)).toEqual([rejected.orderNumber, placed.orderNumber]);
    const trades = await c.getTradeBook();
    expect(trades.reduce((n, t) => n + t.fillQuantity, 0)).toBe(5);
    expect(trades.every((t) => t.orderNumber === placed.orderNumber && t.fillTime !== undefined)).toBe(true);
    const infy = (await c.getHoldings()).find((x) => x.listings.some((l) => l.tradingSymbol === 'INFY-EQ'));
    expect(infy).toMatchObject({ quantity: 40, btstQuantity: 5 });
    const limits = await c.getLimits();
    expect(limits.marginUsed).toBeCloseTo(5 * (history.current.averagePrice ?? 0), 2);
    // The tag the client put in remarks finds the order again (reconciliation after an ambiguous outcome).
    expect(await c.reconcileOrder(placed.tag)).toMatchObject({
      placed: true,
      order: { orderNumber: placed.orderNumber },
    });
  });
});

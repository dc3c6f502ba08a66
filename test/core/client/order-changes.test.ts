import { afterEach, describe, expect, it } from 'vitest';
import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { isBrokerError } from '../../../src/core/errors.js';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { type SimHarness, simCredentials, startSim } from '../../helpers/sim.js';
import { FakeClock } from '../support/fake-clock.js';

// The client's cancel and modify against the paper broker, over real HTTP on loopback.
let h: SimHarness | undefined;
let client: BrokerClient | undefined;
afterEach(async () => {
  await client?.close();
  await h?.close();
  client = undefined;
  h = undefined;
});

async function connect(generation: 'v1' | 'v2' = 'v2'): Promise<{ c: BrokerClient; sim: SimHarness }> {
  const sim = await startSim({ engineTickMs: 0 });
  h = sim;
  // The client's clock is the broker's: a lost answer is settled by the history written since it was sent.
  const clock = new FakeClock({ start: sim.clock.now(), auto: true });
  client = createBrokerClient({
    baseUrl: sim.sim.url,
    credentials: { ...simCredentials(sim), dobOrPan: DEMO_ACCOUNT.dobOrPan },
    generation,
    clock,
    rateLimits: false,
    sharing: false,
    timeouts: { headersMs: 1_000, requestMs: 1_500 },
  });
  return { c: client, sim };
}

/** A limit buy of 10 INFY resting 3 % under the market. */
async function resting(c: BrokerClient): Promise<{ orderNumber: string; limit: number }> {
  const last = (await c.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice ?? 0;
  const limit = Math.round(last * 0.97 * 20) / 20;
  const placed = await c.placeOrder({
    exchange: 'NSE',
    tradingSymbol: 'INFY-EQ',
    side: 'BUY',
    quantity: 10,
    priceType: 'LMT',
    price: limit,
    product: 'I',
  });
  return { orderNumber: placed.orderNumber, limit };
}

const arm = async (sim: SimHarness, fault: Record<string, unknown>, path: string) =>
  expect((await sim.post('/_sim/faults', { fault, paths: [path] })).status).toBe(200);

async function codeOf(work: Promise<unknown>): Promise<{ code: string; brokerText: string | undefined }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isBrokerError(error)) throw new Error(`expected a BrokerError, got ${String(error)}`);
  return { code: error.code, brokerText: error.brokerText };
}

const modification = (orderNumber: string, price: number, quantity = 10) =>
  ({ orderNumber, exchange: 'NSE', tradingSymbol: 'INFY-EQ', quantity, priceType: 'LMT', price }) as const;

describe.each(['v1', 'v2'] as const)('cancelOrder and modifyOrder (%s client)', (generation) => {
  it('modify re-prices a working order, then cancel ends it; the history shows both', async () => {
    const { c } = await connect(generation);
    const { orderNumber, limit } = await resting(c);
    const modified = await c.modifyOrder(modification(orderNumber, limit - 1, 20));
    expect(modified).toMatchObject({ orderNumber, settledBy: 'answer' });
    expect((await c.getOrderHistory(orderNumber)).current).toMatchObject({
      status: 'OPEN',
      reportType: 'Replaced',
      quantity: 20,
      price: limit - 1,
    });
    expect(await c.cancelOrder(orderNumber)).toMatchObject({ orderNumber, settledBy: 'answer' });
    expect((await c.getOrderHistory(orderNumber)).current).toMatchObject({
      status: 'CANCELED',
      reportType: 'Canceled',
      cancelledQuantity: 20,
    });
  });
});

describe('refusals and lost answers', () => {
  it("passes the broker's refusal on with its text; an unknown order is NOT_FOUND", async () => {
    const { c } = await connect();
    const { orderNumber, limit } = await resting(c);
    await c.cancelOrder(orderNumber);
    expect(await codeOf(c.cancelOrder(orderNumber))).toEqual({
      code: 'BROKER_ERROR',
      brokerText: BROKER_TEXTS.notOpenToCancel,
    });
    expect(await codeOf(c.modifyOrder(modification(orderNumber, limit)))).toEqual({
      code: 'BROKER_ERROR',
      brokerText: BROKER_TEXTS.notOpenToModify,
    });
    expect((await codeOf(c.cancelOrder('26112099999999'))).code).toBe('NOT_FOUND');
  });

  it('refuses bad input before sending anything', async () => {
    const { c, sim } = await connect();
    const { orderNumber } = await resting(c);
    for (const bad of [
      c.cancelOrder(''),
      c.modifyOrder({ ...modification(orderNumber, 100), quantity: 0 }),
      c.modifyOrder({ ...modification(orderNumber, 100), price: -1 }),
    ]) {
      expect((await codeOf(bad)).code).toBe('INVALID_INPUT');
    }
    expect((await c.getOrderHistory(orderNumber)).current.reportType).toBe('New');
    expect((await sim.post('/_sim/orders', undefined, { method: 'GET' })).json).toHaveLength(1);
  });

  it('settles a lost answer from the history (a change made), never sending it again', async () => {
    const { c, sim } = await connect();
    const { orderNumber, limit } = await resting(c);
    await arm(sim, { kind: 'malformed' }, '/apiV2/modifyOrder');
    expect(await c.modifyOrder(modification(orderNumber, limit - 2))).toMatchObject({
      orderNumber,
      settledBy: 'history',
    });
    await arm(sim, { kind: 'malformed' }, '/apiV2/cancelOrder');
    expect(await c.cancelOrder(orderNumber)).toMatchObject({ orderNumber, settledBy: 'history' });
    const reports = (await c.getOrderHistory(orderNumber)).events.map((e) => e.reportType);
    // One modification and one cancel reached the broker: no resend, no CancelRejected.
    expect(reports.filter((r) => r === 'Replaced' || r === 'Canceled')).toEqual(['Canceled', 'Replaced']);
    expect(reports).not.toContain('CancelRejected');
  });

  it('a 5xx is not retried: with no change in the history it stays OUTCOME_UNKNOWN and the order works on', async () => {
    const { c, sim } = await connect();
    const { orderNumber } = await resting(c);
    await arm(sim, { kind: 'error', status: 503 }, '/apiV2/cancelOrder');
    expect((await codeOf(c.cancelOrder(orderNumber))).code).toBe('OUTCOME_UNKNOWN');
    // A retry would have found the broker well again and cancelled it.
    expect((await c.getOrderHistory(orderNumber)).current).toMatchObject({
      status: 'OPEN',
      reportType: 'New',
    });
  });

  it('a cancel whose answer is lost on a filled order is told as filled', async () => {
    const { c, sim } = await connect();
    const placed = await c.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'MKT',
      product: 'I',
    });
    await arm(sim, { kind: 'error', status: 503 }, '/apiV2/cancelOrder');
    const error = await c.cancelOrder(placed.orderNumber).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'BROKER_ERROR' });
    expect((error as Error).message).toMatch(/COMPLETE; nothing is left to cancel/);
  });
});

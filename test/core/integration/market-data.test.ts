import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { isBrokerError } from '../../../src/core/errors.js';
import { clientOnSim } from './client-harness.js';

let env: Awaited<ReturnType<typeof clientOnSim>>;
let client: BrokerClient;
beforeAll(async () => {
  env = await clientOnSim();
  client = env.client;
});
afterAll(() => env.close());

describe('the client against the paper broker: market data', () => {
  it('logs in with both generations', async () => {
    const v2 = await client.login();
    expect(v2).toMatchObject({ accountId: 'SIM001' });
    const v1 = await clientOnSim({ generation: 'v1' }, env.h);
    expect(await v1.client.login()).toMatchObject({ accountId: 'SIM001' });
    await v1.close();
  });

  it('reads a quote with numbers, depth and circuit band, consistent with security info', async () => {
    const q = await client.getQuote({ exchange: 'NSE', token: '2885' });
    expect(q.tradingSymbol).toBe('RELIANCE-EQ');
    expect(q.bids).toHaveLength(5);
    expect(q.asks).toHaveLength(5);
    expect(q.bids[0]?.price ?? 0).toBeLessThan(q.asks[0]?.price ?? 0);
    expect(q.lowerCircuit ?? 0).toBeLessThan(q.lastPrice);
    expect(q.lastTradeTime).toMatch(/^2026-11-20T\d{2}:\d{2}:\d{2}\+05:30$/);
    const info = await client.getSecurityInfo({ exchange: 'NSE', token: '2885' });
    expect(info).toMatchObject({ tradingSymbol: 'RELIANCE-EQ', tickSize: 0.05, lotSize: 1 });
  });

  it('maps an unknown token to NOT_FOUND with the broker text kept', async () => {
    const error = await client.getQuote({ exchange: 'NSE', token: '999999' }).catch((e: unknown) => e);
    expect(isBrokerError(error, 'NOT_FOUND')).toBe(true);
  });

  it('lists indices with their tokens', async () => {
    const indices = await client.listIndices('NSE');
    expect(indices).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'NIFTY 50', token: '26000' })]),
    );
  });

  it('pages a long candle window past the broker cut-off and merges it oldest first without duplicates', async () => {
    const paged = await clientOnSim({ candleRowsPerRequest: 100 }, env.h);
    const candles = await paged.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: '2026-11-20T06:00:00+05:30',
      to: '2026-11-20T10:00:00+05:30',
    });
    await paged.close();
    expect(candles).toHaveLength(241);
    const times = candles.map((c) => Date.parse(c.time));
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const q = await client.getQuote({ exchange: 'NSE', token: '2885' });
    expect(candles.at(-1)?.close).toBe(q.lastPrice);
  });

  it('reads 15-minute and daily candles', async () => {
    const window = {
      exchange: 'NSE' as const,
      token: '2885',
      from: '2026-11-20T09:00:00+05:30',
      to: '2026-11-20T09:59:59+05:30',
    };
    expect(await client.getCandles({ ...window, interval: '15' })).toHaveLength(4);
    const daily = await client.getCandles({ ...window, from: '2026-11-10T00:00:00+05:30', interval: 'D' });
    expect(daily.length).toBeGreaterThanOrEqual(10);
  });

  it('prices option greeks for the call and the put', async () => {
    const g = await client.getOptionGreeks({
      expiry: '24-NOV-2026',
      strikePrice: 24000,
      spotPrice: 24100,
      interestRate: 6.5,
      volatility: 14,
    });
    expect(g.call.delta).toBeGreaterThan(0.5);
    expect(g.put.delta).toBeLessThan(0);
  });

  it('calculates span for a short future', async () => {
    const future = env.h.sim.market
      .universe(env.h.clock.now())
      .instruments.find((i) => i.kind === 'FUTIDX' && i.symbolName === 'NIFTY');
    const margin = await client.calculateSpan({
      positions: [{ kind: 'FUTIDX', symbolName: 'NIFTY', expiry: future?.expiry ?? 0, sellQuantity: 75 }],
    });
    expect(margin.span).toBeGreaterThan(0);
    expect(margin.total).toBeCloseTo(margin.span + margin.exposure, 2);
  });

  it('reads limits from V3 and V4 with the available margin computed', async () => {
    const v3 = await client.getLimits();
    const v4 = await client.getLimits({ version: 'V4' });
    expect(v3).toMatchObject({ version: 'V3', cash: 1_000_000, available: 1_000_000 });
    expect(v4.version).toBe('V4');
  });
});

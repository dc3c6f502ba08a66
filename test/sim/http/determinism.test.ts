import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import { type SimHarness, startSim } from '../../helpers/sim.js';

let a: SimHarness;
let b: SimHarness;
let other: SimHarness;
const keys = new Map<SimHarness, string>();

beforeAll(async () => {
  [a, b, other] = await Promise.all([startSim({ seed: 7 }), startSim({ seed: 7 }), startSim({ seed: 8 })]);
  for (const h of [a, b, other]) keys.set(h, await h.loginV2());
});
afterAll(() => Promise.all([a.close(), b.close(), other.close()]));

async function quoteOf(
  h: SimHarness,
  exchange: string,
  token: string,
): Promise<Record<string, string | undefined>> {
  const answer = await h.post('/apiV2/getQuotes', { userId: 'SIM001', jKey: keys.get(h), exchange, token });
  const { requestTime: _ignored, ...data } = wire.quoteSuccess.parse(answer.json).data;
  return data as Record<string, string | undefined>;
}

describe('a seeded market over HTTP', () => {
  it('gives identical quotes and candles from two simulators with one seed and one clock', async () => {
    // Ask the two in different orders: answers depend on seed and time only.
    const tokens = ['2885', '1594', '26000'];
    const fromA = [];
    for (const t of tokens) fromA.push(await quoteOf(a, 'NSE', t));
    const fromB = [];
    for (const t of [...tokens].reverse()) fromB.unshift(await quoteOf(b, 'NSE', t));
    expect(fromB).toEqual(fromA);
    const window = {
      exchange: 'NSE',
      token: '2885',
      starttime: '20/11/2026 09:15:00',
      endtime: '20/11/2026 10:00:00',
      intrv: '5',
    };
    const ca = await a.post('/api/timePriceSeries', { userId: 'SIM001', jKey: keys.get(a), ...window });
    const cb = await b.post('/api/timePriceSeries', { userId: 'SIM001', jKey: keys.get(b), ...window });
    expect(cb.json).toEqual(ca.json);
    expect((await quoteOf(other, 'NSE', '2885')).lastTradedPrice).not.toBe(fromA[0]?.lastTradedPrice);
  });

  it('keeps derivatives consistent with their underlying: futures near spot, put-call parity for options', async () => {
    const now = a.clock.now();
    const universe = a.sim.market.universe(now);
    const spot = Number((await quoteOf(a, 'NSE', '26000')).lastTradedPrice);
    const future = universe.instruments.find((i) => i.kind === 'FUTIDX' && i.symbolName === 'NIFTY');
    if (!future?.expiry) throw new Error('no NIFTY future');
    const futurePrice = Number((await quoteOf(a, 'NFO', future.token)).lastTradedPrice);
    expect(Math.abs(futurePrice / spot - 1)).toBeLessThan(0.02);

    const strike = Math.round(spot / 50) * 50;
    const legs = universe.instruments.filter(
      (i) =>
        i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && i.expiry === future.expiry && i.strike === strike,
    );
    const call = legs.find((i) => i.optionType === 'CE');
    const put = legs.find((i) => i.optionType === 'PE');
    if (!call || !put) throw new Error('no at-the-money pair');
    const c = Number((await quoteOf(a, 'NFO', call.token)).lastTradedPrice);
    const p = Number((await quoteOf(a, 'NFO', put.token)).lastTradedPrice);
    const years = (future.expiry - now) / (365 * 86_400_000);
    // C - P = S - K e^{-rT}; the smile's put skew and tick rounding leave a small residue.
    expect(Math.abs(c - p - (spot - strike * Math.exp(-0.065 * years)))).toBeLessThan(spot * 0.004);
  });

  it('moves options with their underlying when the index is moved', async () => {
    // Its own broker: moving a price would break the other cases' equal-seed comparison.
    const moved = await startSim({ seed: 7 });
    keys.set(moved, await moved.loginV2());
    try {
      const now = moved.clock.now();
      const call = moved.sim.market
        .universe(now)
        .instruments.find((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && i.optionType === 'CE');
      if (!call) throw new Error('no call');
      const before = Number((await quoteOf(moved, 'NFO', call.token)).lastTradedPrice);
      const spot = Number((await quoteOf(moved, 'NSE', '26000')).lastTradedPrice);
      expect(
        (await moved.post('/_sim/price', { exchange: 'NSE', token: '26000', price: spot * 1.03 })).status,
      ).toBe(200);
      expect(Number((await quoteOf(moved, 'NSE', '26000')).lastTradedPrice)).toBeCloseTo(spot * 1.03, -1);
      expect(Number((await quoteOf(moved, 'NFO', call.token)).lastTradedPrice)).toBeGreaterThan(before);
    } finally {
      await moved.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bridgeAt, bridgeSamples } from '../../../src/sim/market/brownian-bridge.js';
import { createMarket } from '../../../src/sim/market/market.js';
import { hash4, normal, uniform } from '../../../src/sim/market/rng.js';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

describe('seeded randomness', () => {
  it('is a pure function of its inputs', () => {
    expect(hash4(1, 2, 3, 4)).toBe(hash4(1, 2, 3, 4));
    expect(hash4(1, 2, 3, 4)).not.toBe(hash4(1, 2, 3, 5));
    expect(normal(9, 8, 7, 6)).toBe(normal(9, 8, 7, 6));
  });

  it('draws uniforms strictly inside (0, 1) and normals with unit variance', () => {
    let sum = 0;
    let squares = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = uniform(3, 1, 0, i);
      expect(u > 0 && u < 1).toBe(true);
      const z = normal(3, 2, 0, i);
      sum += z;
      squares += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.03);
    expect(squares / n).toBeGreaterThan(0.95);
    expect(squares / n).toBeLessThan(1.05);
  });
});

describe('Brownian bridge', () => {
  const spec = { seed: 5, key: 11, day: 20_000, length: 22_500, start: 7.3, end: 7.31, sigma: 0.0001 };

  it('is pinned at both ends', () => {
    expect(bridgeAt(spec, 0)).toBe(7.3);
    expect(bridgeAt(spec, 22_500)).toBe(7.31);
  });

  it('samples exactly the values a point evaluation gives at the same seconds', () => {
    const samples = bridgeSamples(spec, 10);
    expect(samples).toHaveLength(2251);
    for (const k of [0, 1, 2, 7, 100, 1125, 1999, 2249, 2250])
      expect(samples[k]).toBe(bridgeAt(spec, k * 10));
  });
});

describe('market determinism', () => {
  const at = FRIDAY_MORNING;

  it('gives two markets with one seed identical snapshots and candles, whatever was asked before', () => {
    const a = realMarket(123);
    const b = realMarket(123);
    const ua = a.universe(at);
    const ub = b.universe(at);
    const symbols = ['RELIANCE-EQ', 'NIFTY 50', 'M&M-EQ'];
    // Market b is first asked about other days and instruments, in another order.
    b.snapshot(find(ub, 'NSE', 'TCS-EQ'), at + 3 * 86_400_000);
    b.candles(find(ub, 'NSE', 'RELIANCE-EQ'), at - 30 * 86_400_000, at, 'D', at);
    b.snapshot(find(ub, 'NFO', 'NIFTY24NOV26C25000'), at - 86_400_000);
    for (const s of [...symbols].reverse()) b.snapshot(find(ub, 'NSE', s), at + 60_000);
    for (const s of symbols) {
      expect(b.snapshot(find(ub, 'NSE', s), at)).toEqual(a.snapshot(find(ua, 'NSE', s), at));
      const from = ist(2026, 11, 20, 9, 15);
      expect(b.candles(find(ub, 'NSE', s), from, at, '5', at)).toEqual(
        a.candles(find(ua, 'NSE', s), from, at, '5', at),
      );
    }
    const option = 'NIFTY24NOV26P24500';
    expect(b.snapshot(find(ub, 'NFO', option), at)).toEqual(a.snapshot(find(ua, 'NFO', option), at));
  });

  it('gives another seed other prices', () => {
    const a = realMarket(1);
    const b = realMarket(2);
    const pick = (m: typeof a) => m.snapshot(find(m.universe(at), 'NSE', 'RELIANCE-EQ'), at).last;
    expect(pick(a)).not.toBe(pick(b));
  });

  it('treats large seeds by all their bits', () => {
    const a = createMarket({ seed: 2 ** 40, hours: 'real' });
    const b = createMarket({ seed: 2 ** 41, hours: 'real' });
    const pick = (m: typeof a) => m.snapshot(find(m.universe(at), 'NSE', 'INFY-EQ'), at).last;
    expect(pick(a)).not.toBe(pick(b));
  });

  it('keeps prices near their reference levels over years', () => {
    const market = realMarket(11);
    const nifty = find(market.universe(at), 'NSE', 'NIFTY 50');
    for (const year of [2020, 2027, 2032]) {
      const last = market.snapshot(nifty, ist(year, 6, 15, 12)).last;
      expect(last).toBeGreaterThan(25_000 * 0.6);
      expect(last).toBeLessThan(25_000 * 1.6);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { blackScholes, optionPrice } from '../../../src/sim/market/black-scholes.js';
import { normalCdf, normalQuantile } from '../../../src/sim/market/normal.js';

const base = { spot: 100, strike: 100, timeToExpiry: 1, rate: 0.05, volatility: 0.2 };

describe('Black-Scholes', () => {
  it('matches the textbook at-the-money values (S=K=100, r=5%, sigma=20%, T=1)', () => {
    const call = blackScholes({ ...base, type: 'CE' });
    const put = blackScholes({ ...base, type: 'PE' });
    expect(call.price).toBeCloseTo(10.4506, 4);
    expect(put.price).toBeCloseTo(5.5735, 4);
    expect(call.delta).toBeCloseTo(0.6368, 4);
    expect(put.delta).toBeCloseTo(-0.3632, 4);
    expect(call.gamma).toBeCloseTo(0.018762, 5);
    expect(call.vega).toBeCloseTo(0.37524, 4);
    expect(call.theta).toBeCloseTo(-6.414 / 365, 5);
    expect(put.theta).toBeCloseTo(-1.658 / 365, 5);
    expect(call.rho).toBeCloseTo(0.53232, 4);
    expect(put.rho).toBeCloseTo(-0.4189, 4);
  });

  it("matches Hull's example (S=42, K=40, r=10%, sigma=20%, T=0.5)", () => {
    const inputs = { spot: 42, strike: 40, timeToExpiry: 0.5, rate: 0.1, volatility: 0.2 };
    expect(optionPrice({ ...inputs, type: 'CE' })).toBeCloseTo(4.7594, 4);
    expect(optionPrice({ ...inputs, type: 'PE' })).toBeCloseTo(0.8086, 4);
  });

  it('satisfies put-call parity', () => {
    for (const strike of [80, 95, 100, 120]) {
      const call = optionPrice({ ...base, strike, type: 'CE' });
      const put = optionPrice({ ...base, strike, type: 'PE' });
      expect(call - put).toBeCloseTo(100 - strike * Math.exp(-0.05), 10);
    }
  });

  it('gives greeks that agree with finite differences of the price', () => {
    const price = (patch: Partial<typeof base>) => optionPrice({ ...base, ...patch, type: 'CE' });
    const g = blackScholes({ ...base, type: 'CE' });
    expect(g.delta).toBeCloseTo((price({ spot: 100.01 }) - price({ spot: 99.99 })) / 0.02, 6);
    expect(g.vega).toBeCloseTo(price({ volatility: 0.21 }) - price({ volatility: 0.2 }), 2);
    expect(g.theta).toBeCloseTo(price({ timeToExpiry: 1 - 1 / 365 }) - price({}), 4);
    expect(g.rho).toBeCloseTo((price({ rate: 0.0505 }) - price({ rate: 0.0495 })) * 10, 6);
  });

  it('is worth its intrinsic value at expiry', () => {
    expect(blackScholes({ ...base, spot: 110, timeToExpiry: 0, type: 'CE' })).toMatchObject({
      price: 10,
      delta: 1,
    });
    expect(blackScholes({ ...base, spot: 110, timeToExpiry: 0, type: 'PE' })).toMatchObject({
      price: 0,
      delta: 0,
    });
  });
});

describe('normal distribution', () => {
  it('inverts its distribution function', () => {
    for (const p of [1e-6, 0.01, 0.2, 0.5, 0.8, 0.975, 1 - 1e-6])
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 8);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });
});

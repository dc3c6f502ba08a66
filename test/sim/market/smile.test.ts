import { describe, expect, it } from 'vitest';
import { smileVolatility } from '../../../src/sim/market/smile.js';

describe('volatility smile', () => {
  const atm = 0.14;
  const forward = 25_000;
  const month = 30 / 365;
  const vol = (strike: number) => smileVolatility(atm, strike, forward, month);

  it('gives the ATM volatility at the forward', () => {
    expect(vol(forward)).toBeCloseTo(atm, 12);
  });

  it('rises into both wings', () => {
    expect(vol(21_000)).toBeGreaterThan(atm);
    expect(vol(29_000)).toBeGreaterThan(atm);
  });

  it('is skewed: a put-side strike carries more volatility than the call-side strike as far away', () => {
    for (const m of [0.02, 0.05, 0.1])
      expect(vol(forward * Math.exp(-m))).toBeGreaterThan(vol(forward * Math.exp(m)));
  });

  it('rises monotonically below the forward', () => {
    const strikes = [18_000, 20_000, 22_000, 24_000, 25_000];
    const vols = strikes.map(vol);
    for (let i = 1; i < vols.length; i++) expect(vols[i]).toBeLessThan(vols[i - 1] ?? 0);
  });

  it('stays within a sane band even for far strikes close to expiry', () => {
    const v = smileVolatility(atm, 10_000, forward, 1 / 365);
    expect(v).toBeLessThanOrEqual(atm * 3);
    expect(v).toBeGreaterThan(0);
  });
});

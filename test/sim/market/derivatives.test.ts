import { describe, expect, it } from 'vitest';
import { RISK_FREE_RATE } from '../../../src/sim/market/instrument-pricing.js';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

const market = realMarket(5);
const universe = market.universe(FRIDAY_MORNING);
const spot = market.snapshot(find(universe, 'NSE', 'NIFTY 50'), FRIDAY_MORNING).last;
const YEAR = 365 * 86_400_000;

describe('futures', () => {
  it('trade near spot, at spot carried at the risk-free rate give or take a tiny basis', () => {
    for (const symbol of ['NIFTY24NOV26F', 'NIFTY29DEC26F', 'NIFTY26JAN27F']) {
      const f = find(universe, 'NFO', symbol);
      const years = ((f.expiry ?? 0) - FRIDAY_MORNING) / YEAR;
      const price = market.snapshot(f, FRIDAY_MORNING).last;
      expect(price).toBeGreaterThan(spot);
      expect(Math.abs(price / (spot * Math.exp(RISK_FREE_RATE * years)) - 1)).toBeLessThan(0.0015);
    }
  });

  it('follow their stock underlying', () => {
    const stock = market.snapshot(find(universe, 'NSE', 'RELIANCE-EQ'), FRIDAY_MORNING).last;
    const f = market.snapshot(find(universe, 'NFO', 'RELIANCE29DEC26F'), FRIDAY_MORNING).last;
    expect(Math.abs(f / stock - 1)).toBeLessThan(0.02);
  });

  it('converge to spot at expiry', () => {
    const at = ist(2026, 11, 24, 15, 29, 59);
    const f = market.snapshot(find(market.universe(at), 'NFO', 'NIFTY24NOV26F'), at).last;
    const s = market.snapshot(find(universe, 'NSE', 'NIFTY 50'), at).last;
    expect(Math.abs(f - s)).toBeLessThan(0.5);
  });
});

describe('options', () => {
  const expiryCodes = ['24NOV26', '29DEC26'];
  const strikes = [24_000, 24_500, 25_000, 25_500, 26_000, 26_500, 27_000];

  it('satisfy put-call parity within a few ticks near the money', () => {
    for (const code of expiryCodes) {
      for (const k of strikes.filter((x) => Math.abs(x / spot - 1) < 0.05)) {
        const c = find(universe, 'NFO', `NIFTY${code}C${k}`);
        const p = find(universe, 'NFO', `NIFTY${code}P${k}`);
        const years = ((c.expiry ?? 0) - FRIDAY_MORNING) / YEAR;
        const parity = spot - k * Math.exp(-RISK_FREE_RATE * years);
        const diff = market.snapshot(c, FRIDAY_MORNING).last - market.snapshot(p, FRIDAY_MORNING).last;
        expect(Math.abs(diff - parity)).toBeLessThan(0.2);
      }
    }
  });

  it('are monotone in strike: calls fall and puts rise as the strike rises', () => {
    for (const code of expiryCodes) {
      const chain = universe.instruments.filter(
        (i) => i.tradingSymbol.startsWith(`NIFTY${code}`) && i.strike !== undefined,
      );
      const prices = (type: 'CE' | 'PE') =>
        chain
          .filter((i) => i.optionType === type)
          .sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0))
          .map((i) => market.snapshot(i, FRIDAY_MORNING).last);
      const calls = prices('CE');
      const puts = prices('PE');
      for (let n = 1; n < calls.length; n++) {
        expect(calls[n]).toBeLessThanOrEqual(calls[n - 1] ?? 0);
        expect(puts[n]).toBeGreaterThanOrEqual(puts[n - 1] ?? 0);
      }
    }
  });

  it('never fall below one tick', () => {
    const deep = market.snapshot(find(universe, 'NFO', 'NIFTY24NOV26C28750'), FRIDAY_MORNING);
    expect(deep.last).toBe(0.05);
  });

  it('are worth about their intrinsic value minutes before expiry', () => {
    const at = ist(2026, 11, 24, 15, 29);
    const u = market.universe(at);
    const s = market.snapshot(find(u, 'NSE', 'NIFTY 50'), at).last;
    const k = Math.floor(s / 50) * 50 - 200;
    const call = market.snapshot(find(u, 'NFO', `NIFTY24NOV26C${k}`), at).last;
    expect(Math.abs(call - (s - k))).toBeLessThan(2);
  });

  it('expose the inputs they are priced from', () => {
    const c = find(universe, 'NFO', 'NIFTY29DEC26C25000');
    const inputs = market.pricingInputs(c, FRIDAY_MORNING);
    expect(Math.abs(inputs.spot - spot)).toBeLessThanOrEqual(0.025);
    expect(inputs.timeToExpiry).toBeCloseTo(((c.expiry ?? 0) - FRIDAY_MORNING) / YEAR, 6);
    expect(inputs.rate).toBe(RISK_FREE_RATE);
    expect(inputs.volatility).toBeGreaterThan(0.05);
    expect(inputs.volatility).toBeLessThan(0.5);
  });
});

import { describe, expect, it } from 'vitest';
import type { Market } from '../../../src/sim/market/types.js';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

const AT = FRIDAY_MORNING;
const last = (m: Market, exchange: string, symbol: string, at = AT) =>
  m.snapshot(find(m.universe(at), exchange, symbol), at).last;

describe('movePrice on an underlying', () => {
  it('makes the stock trade at the new price at that instant, on the tick grid', () => {
    const m = realMarket(8);
    m.movePrice(find(m.universe(AT), 'NSE', 'RELIANCE-EQ'), 1600.03, AT);
    expect(last(m, 'NSE', 'RELIANCE-EQ')).toBe(1600.05);
  });

  it('carries the BSE twin, the futures and the options along', () => {
    const moved = realMarket(8);
    const still = realMarket(8);
    const before = last(still, 'NSE', 'RELIANCE-EQ');
    const target = Math.round(before * 1.05 * 20) / 20;
    moved.movePrice(find(moved.universe(AT), 'NSE', 'RELIANCE-EQ'), target, AT);
    expect(last(moved, 'BSE', 'RELIANCE')).toBe(target);
    const future = last(moved, 'NFO', 'RELIANCE29DEC26F') / last(still, 'NFO', 'RELIANCE29DEC26F');
    expect(future).toBeCloseTo(1.05, 2);
    const strike = Math.round(before / 20) * 20;
    expect(last(moved, 'NFO', `RELIANCE29DEC26C${strike}`)).toBeGreaterThan(
      last(still, 'NFO', `RELIANCE29DEC26C${strike}`),
    );
    expect(last(moved, 'NFO', `RELIANCE29DEC26P${strike}`)).toBeLessThan(
      last(still, 'NFO', `RELIANCE29DEC26P${strike}`),
    );
  });

  it('shifts the path from then on and leaves the past alone', () => {
    const moved = realMarket(8);
    const still = realMarket(8);
    const nifty = find(moved.universe(AT), 'NSE', 'NIFTY 50');
    const target = 27_000;
    moved.movePrice(nifty, target, AT);
    const earlier = ist(2026, 11, 20, 10, 0);
    expect(last(moved, 'NSE', 'NIFTY 50', earlier)).toBe(last(still, 'NSE', 'NIFTY 50', earlier));
    const later = AT + 20 * 60_000;
    const ratio = last(moved, 'NSE', 'NIFTY 50', later) / last(still, 'NSE', 'NIFTY 50', later);
    expect(ratio).toBeCloseTo(target / last(still, 'NSE', 'NIFTY 50'), 4);
    expect(last(moved, 'NFO', 'NIFTY24NOV26F', later)).toBeGreaterThan(26_900);
  });

  it('shows the move in the quote and the candles of the moment', () => {
    const m = realMarket(8);
    const sbin = find(m.universe(AT), 'NSE', 'SBIN-EQ');
    m.movePrice(sbin, 1000, AT);
    const s = m.snapshot(sbin, AT);
    expect(s.last).toBe(1000);
    expect(s.high).toBeGreaterThanOrEqual(1000);
    expect(s.upperCircuit).toBeGreaterThanOrEqual(s.high);
    const bars = m.candles(sbin, ist(2026, 11, 20, 9, 15), AT, '1', AT);
    expect(bars.at(-1)?.close).toBe(1000);
    expect(Math.max(...bars.map((b) => b.high))).toBe(s.high);
  });

  it('is deterministic: the same seed and the same moves give the same market', () => {
    const a = realMarket(8);
    const b = realMarket(8);
    for (const m of [a, b]) {
      m.movePrice(find(m.universe(AT), 'NSE', 'INFY-EQ'), 1700, AT);
      m.movePrice(find(m.universe(AT), 'NSE', 'INFY-EQ'), 1650, AT + 3_600_000);
    }
    const later = AT + 2 * 3_600_000;
    const option = find(a.universe(later), 'NFO', 'INFY29DEC26C1600');
    expect(a.snapshot(option, later)).toEqual(
      b.snapshot(find(b.universe(later), 'NFO', 'INFY29DEC26C1600'), later),
    );
    expect(last(a, 'NSE', 'INFY-EQ', AT + 3_600_000)).toBe(1650);
  });

  it('refuses a price that is not positive', () => {
    const m = realMarket(8);
    expect(() => m.movePrice(find(m.universe(AT), 'NSE', 'ITC-EQ'), 0, AT)).toThrow(RangeError);
    expect(() => m.movePrice(find(m.universe(AT), 'NSE', 'ITC-EQ'), Number.NaN, AT)).toThrow(RangeError);
  });
});

describe('movePrice on a derivative', () => {
  it('moves that contract alone', () => {
    const moved = realMarket(9);
    const still = realMarket(9);
    moved.movePrice(find(moved.universe(AT), 'NFO', 'NIFTY29DEC26F'), 30_000, AT);
    expect(last(moved, 'NFO', 'NIFTY29DEC26F')).toBe(30_000);
    expect(last(moved, 'NSE', 'NIFTY 50')).toBe(last(still, 'NSE', 'NIFTY 50'));
    expect(last(moved, 'NFO', 'NIFTY26JAN27F')).toBe(last(still, 'NFO', 'NIFTY26JAN27F'));
  });

  it('moves an option to the asked premium and keeps it following the underlying afterwards', () => {
    const m = realMarket(9);
    const option = find(m.universe(AT), 'NFO', 'NIFTY29DEC26P25000');
    m.movePrice(option, 444.4, AT);
    expect(m.snapshot(option, AT).last).toBe(444.4);
    expect(m.snapshot(option, AT + 60_000).last).not.toBe(444.4);
  });
});

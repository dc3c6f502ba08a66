import { describe, expect, it } from 'vitest';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

const market = realMarket(13);
const universe = market.universe(FRIDAY_MORNING);
const tcs = find(universe, 'NSE', 'TCS-EQ');
const option = find(universe, 'NFO', 'NIFTY29DEC26C25000');

describe('traded range', () => {
  it('agrees with the one-minute candles over the same stretch', () => {
    for (const instrument of [tcs, option]) {
      const from = ist(2026, 11, 20, 9, 14, 59);
      const to = ist(2026, 11, 20, 11, 0);
      const bars = market.candles(instrument, ist(2026, 11, 20, 9, 15), to - 1, '1', to);
      const r = market.range(instrument, from, to);
      expect(r).toEqual({
        first: bars[0]?.open,
        last: bars.at(-1)?.close,
        high: Math.max(...bars.map((b) => b.high)),
        low: Math.min(...bars.map((b) => b.low)),
      });
    }
  });

  it('ends at the price of its last instant and brackets it', () => {
    const to = ist(2026, 11, 20, 13, 37, 21);
    const r = market.range(tcs, ist(2026, 11, 20, 13, 30), to);
    expect(r.last).toBe(market.snapshot(tcs, to).last);
    expect(r.high).toBeGreaterThanOrEqual(Math.max(r.first, r.last));
    expect(r.low).toBeLessThanOrEqual(Math.min(r.first, r.last));
  });

  it('covers weeks from the daily bars', () => {
    const from = ist(2026, 10, 20, 9);
    const to = ist(2026, 11, 20, 16);
    const days = market.candles(tcs, from, to, 'D', to);
    const r = market.range(tcs, from, to);
    expect(r.high).toBe(Math.max(...days.map((b) => b.high)));
    expect(r.low).toBe(Math.min(...days.map((b) => b.low)));
    expect(r.first).toBe(days[0]?.open);
  });

  it('is a single price when the span is empty or the market was shut all along', () => {
    const close = market.snapshot(tcs, ist(2026, 11, 20, 15, 30)).last;
    const weekend = market.range(tcs, ist(2026, 11, 21, 10), ist(2026, 11, 22, 18));
    expect(weekend).toEqual({ first: close, last: close, high: close, low: close });
    const at = ist(2026, 11, 20, 12);
    const p = market.snapshot(tcs, at).last;
    expect(market.range(tcs, at, at)).toEqual({ first: p, last: p, high: p, low: p });
  });

  it('sees a price move inside the span', () => {
    const m = realMarket(13);
    const i = find(m.universe(FRIDAY_MORNING), 'NSE', 'TCS-EQ');
    const before = m.range(i, ist(2026, 11, 20, 10), ist(2026, 11, 20, 10, 30));
    m.movePrice(i, before.high + 50, ist(2026, 11, 20, 10, 20));
    const after = m.range(i, ist(2026, 11, 20, 10), ist(2026, 11, 20, 10, 30));
    expect(after.high).toBeGreaterThan(before.high + 20);
    expect(after.first).toBe(before.first);
  });
});

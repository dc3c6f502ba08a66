import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '../../../src/core/vocabulary/index.js';
import { createMarket } from '../../../src/sim/market/market.js';
import type { CandleBar } from '../../../src/sim/market/types.js';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

const market = realMarket(21);
const universe = market.universe(FRIDAY_MORNING);
const reliance = find(universe, 'NSE', 'RELIANCE-EQ');
const option = find(universe, 'NFO', 'NIFTY24NOV26C26000');
const future = find(universe, 'NFO', 'NIFTY29DEC26F');
const OPEN = ist(2026, 11, 20, 9, 15);
const CLOSE = ist(2026, 11, 20, 15, 30);

const maxHigh = (bars: readonly CandleBar[]) => Math.max(...bars.map((b) => b.high));
const minLow = (bars: readonly CandleBar[]) => Math.min(...bars.map((b) => b.low));

describe('candle alignment', () => {
  it('aligns every minute interval to 09:15 and covers only the session, oldest first', () => {
    for (const interval of CANDLE_INTERVALS.filter((i) => i !== 'D')) {
      const width = Number(interval) * 60_000;
      const bars = market.candles(
        reliance,
        ist(2026, 11, 20, 0),
        ist(2026, 11, 20, 23),
        interval,
        ist(2026, 11, 21),
      );
      expect(bars).toHaveLength(Math.ceil(375 / Number(interval)));
      bars.forEach((b, n) => {
        expect(b.start).toBe(OPEN + n * width);
        expect(b.start).toBeLessThan(CLOSE);
      });
    }
  });

  it('aligns to IST midnight in always mode', () => {
    const always = createMarket({ seed: 21, hours: 'always' });
    const i = find(always.universe(FRIDAY_MORNING), 'NSE', 'RELIANCE-EQ');
    const day = ist(2026, 11, 21);
    const bars = always.candles(i, day, day + 86_399_000, '240', day + 86_400_000);
    expect(bars.map((b) => (b.start - day) / 3_600_000)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(always.candles(i, day, day + 86_399_000, '1', day + 86_400_000)).toHaveLength(1440);
  });

  it('returns bars whose start lies within [from, to] only', () => {
    const bars = market.candles(reliance, ist(2026, 11, 20, 10, 0, 30), ist(2026, 11, 20, 10, 5), '1', CLOSE);
    expect(bars.map((b) => b.start)).toEqual([1, 2, 3, 4, 5].map((m) => ist(2026, 11, 20, 10, m)));
  });

  it('never returns a bar that starts after now', () => {
    const at = ist(2026, 11, 20, 11, 7, 42);
    const bars = market.candles(reliance, OPEN, CLOSE, '15', at);
    expect(bars.at(-1)?.start).toBe(ist(2026, 11, 20, 11, 0));
    expect(market.candles(reliance, ist(2026, 11, 20, 12), CLOSE, '1', at)).toEqual([]);
  });
});

describe('candle values', () => {
  it('closes the newest bar at the snapshot last price, for every interval and kind of instrument', () => {
    for (const instrument of [reliance, option, future, find(universe, 'NSE', 'NIFTY 50')]) {
      for (const at of [
        ist(2026, 11, 20, 9, 15),
        ist(2026, 11, 20, 9, 47, 13),
        ist(2026, 11, 20, 14, 2, 59),
      ]) {
        const last = market.snapshot(instrument, at).last;
        for (const interval of CANDLE_INTERVALS)
          expect(market.candles(instrument, OPEN - 1, at, interval, at).at(-1)?.close).toBe(last);
      }
    }
  });

  it('brackets open and close by high and low, and the VWAP by the range', () => {
    for (const interval of ['1', '5', '60', 'D'] as const) {
      for (const b of market.candles(
        option,
        ist(2026, 11, 10),
        ist(2026, 11, 20, 12),
        interval,
        ist(2026, 11, 20, 12),
      )) {
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.vwap).toBeGreaterThanOrEqual(b.low);
        expect(b.vwap).toBeLessThanOrEqual(b.high);
        expect(b.volume).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("matches the snapshot's day high, low and volume with the day's one-minute bars", () => {
    for (const instrument of [reliance, option, future]) {
      for (const at of [
        ist(2026, 11, 20, 10, 12, 34),
        ist(2026, 11, 20, 15, 29, 59),
        ist(2026, 11, 20, 18),
      ]) {
        const s = market.snapshot(instrument, at);
        const bars = market.candles(instrument, OPEN, CLOSE, '1', at);
        expect(maxHigh(bars)).toBe(s.high);
        expect(minLow(bars)).toBe(s.low);
        expect(bars[0]?.open).toBe(s.open);
        expect(bars.reduce((sum, b) => sum + b.volume, 0)).toBe(s.volume);
      }
    }
  });

  it('carries open interest for derivatives, chaining each bar to the next', () => {
    const bars = market.candles(future, OPEN, CLOSE, '30', CLOSE);
    expect(bars.every((b) => b.openInterest > 0)).toBe(true);
    for (let n = 1; n < bars.length; n++) {
      const [prev, bar] = [bars[n - 1], bars[n]];
      expect((bar?.openInterest ?? 0) - (bar?.openInterestChange ?? 0)).toBe(prev?.openInterest);
    }
    expect(market.candles(reliance, OPEN, CLOSE, '30', CLOSE).every((b) => b.openInterest === 0)).toBe(true);
  });
});

describe('daily candles', () => {
  const days = market.candles(reliance, ist(2026, 11, 9), ist(2026, 11, 20, 23), 'D', ist(2026, 11, 20, 11));

  it('gives one bar per session starting at 09:15, weekends skipped', () => {
    expect(days).toHaveLength(10);
    for (const b of days) expect(new Date(b.start + 330 * 60_000).toISOString().slice(11, 16)).toBe('09:15');
  });

  it('summarises a finished day exactly as its one-minute bars do', () => {
    const thursday = days.at(-2);
    const bars = market.candles(
      reliance,
      ist(2026, 11, 19),
      ist(2026, 11, 19, 23),
      '1',
      ist(2026, 11, 20, 11),
    );
    expect(thursday).toMatchObject({
      open: bars[0]?.open,
      close: bars.at(-1)?.close,
      high: maxHigh(bars),
      low: minLow(bars),
    });
    expect(thursday?.volume).toBe(bars.reduce((sum, b) => sum + b.volume, 0));
  });

  it("ends with today's running bar, which agrees with the snapshot", () => {
    const at = ist(2026, 11, 20, 11);
    const s = market.snapshot(reliance, at);
    expect(days.at(-1)).toMatchObject({
      open: s.open,
      high: s.high,
      low: s.low,
      close: s.last,
      volume: s.volume,
    });
  });

  it('opens each day at or near the previous close (an opening gap is small)', () => {
    for (let n = 1; n < days.length; n++) {
      const gap = Math.abs((days[n]?.open ?? 0) / (days[n - 1]?.close ?? 1) - 1);
      expect(gap).toBeLessThan(0.02);
    }
  });
});

describe('candle speed', () => {
  it('builds a full day of one-minute bars in well under 20 ms', () => {
    const times: number[] = [];
    for (let d = 0; d < 5; d++) {
      const day = ist(2026, 10, 5 + d, 0);
      const t0 = performance.now();
      const bars = market.candles(reliance, day, day + 86_399_000, '1', day + 86_400_000);
      times.push(performance.now() - t0);
      expect(bars).toHaveLength(375);
    }
    times.sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(20);
  });
});

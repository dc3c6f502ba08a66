import { describe, expect, it } from 'vitest';
import { THEME, textWidth } from '../../../src/core/chart/theme.js';
import { labelCentre, timeLabels } from '../../../src/core/chart/time-labels.js';
import { fromIst } from '../../../src/core/time/ist.js';
import type { CandleInterval } from '../../../src/core/vocabulary/index.js';
import { type candle, DAY, dailyWalk, MINUTE, OPEN, walk } from './candles.js';

const PLOT = 900;
const width = (text: string): number => textWidth(text, THEME.axisSize);
const labels = (candles: ReturnType<typeof candle>[], interval: CandleInterval) =>
  timeLabels(candles, interval, PLOT / Math.max(1, candles.length), width, PLOT);

describe('timeLabels', () => {
  it('labels one intraday day with IST times on round minutes', () => {
    const found = labels(walk(75), '5');
    expect(found.length).toBeGreaterThan(5);
    for (const { text } of found) expect(text).toMatch(/^\d{2}:(00|15|30|45)$/);
    expect(found.slice(1).every(({ text }) => text.endsWith(':00') || text.endsWith(':30'))).toBe(true);
  });

  it('labels daily bars with dates, months or years, never a time', () => {
    for (const count of [1, 20, 120, 500]) {
      const found = labels(dailyWalk(count, fromIst(2025, 1, 6)), 'D');
      expect(found.length).toBeGreaterThan(0);
      for (const { text } of found) expect(text).toMatch(/^(\d{2} [A-Z][a-z]{2}|[A-Z][a-z]{2}|\d{4})$/);
    }
  });

  it('labels the first bar of each day with its date in a multi-day intraday window', () => {
    const days = [0, 1, 4].flatMap((d) => walk(7, OPEN + d * DAY, 60 * MINUTE));
    const found = labels(days, '60');
    const dated = found.filter(({ text }) => /^\d{2} Nov$/.test(text)).map(({ index }) => index);
    expect(dated).toEqual([0, 7, 14]);
    expect(found.map(({ text }) => text)).toContain('20 Nov');
  });

  it('labels a single candle with its time, or its date when daily', () => {
    expect(labels(walk(1), '15')).toEqual([{ index: 0, text: '09:15' }]);
    expect(labels(dailyWalk(1, fromIst(2026, 11, 20)), 'D')).toEqual([{ index: 0, text: '20 Nov' }]);
  });

  it('never lets two labels overlap or run past the plot', () => {
    const cases: Array<[ReturnType<typeof candle>[], CandleInterval]> = [
      [walk(500, OPEN - 2 * DAY, MINUTE), '1'],
      [walk(37), '10'],
      [dailyWalk(240, fromIst(2025, 6, 2)), 'D'],
    ];
    for (const [candles, interval] of cases) {
      const slot = PLOT / candles.length;
      const boxes = labels(candles, interval).map(({ index, text }) => {
        const centre = labelCentre(index, slot, width(text), PLOT);
        return { left: centre - width(text) / 2, right: centre + width(text) / 2 };
      });
      for (const [i, box] of boxes.entries()) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(PLOT);
        const next = boxes[i + 1];
        if (next !== undefined) expect(next.left).toBeGreaterThan(box.right);
      }
    }
  });

  it('gives no labels for no candles', () => {
    expect(labels([], '5')).toEqual([]);
  });
});

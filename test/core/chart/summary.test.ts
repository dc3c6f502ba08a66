import { describe, expect, it } from 'vitest';
import { renderCandleChart } from '../../../src/core/chart/index.js';
import { prepareChart } from '../../../src/core/chart/input.js';
import { chartSummary } from '../../../src/core/chart/summary.js';
import { fromIst } from '../../../src/core/time/ist.js';
import { candle, dailyWalk, MINUTE, OPEN } from './candles.js';

const three = [
  candle(OPEN, 2450, 2452.5, 2448, 2451, 1200),
  candle(OPEN + 5 * MINUTE, 2451, 2455, 2450.05, 2454.3, 800),
  candle(OPEN + 10 * MINUTE, 2454.3, 2461, 2453, 2460.05, 1_000_000),
];

describe('the chart summary', () => {
  it('says the window, open, high, low, close, change with percent and volume in one line', () => {
    const { summary } = renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: three, interval: '5' });
    expect(summary).toBe(
      '5 min bars 20 Nov 2026 09:15 – 09:25 IST (3 bars): open 2450.00, high 2461.00, low 2448.00, ' +
        'close 2460.05, change +10.05 (+0.41%), volume 10,02,000',
    );
    expect(summary).not.toContain('\n');
  });

  it('gives daily windows as dates and a fall with a minus sign', () => {
    const daily = dailyWalk(5, fromIst(2026, 11, 16)).map((c, i) => ({
      ...c,
      open: 100 + i,
      close: 99 + i,
      high: 101 + i,
      low: 98 + i,
    }));
    const summary = chartSummary(prepareChart({ title: 'X', candles: daily, interval: 'D' }));
    expect(summary).toBe(
      'daily bars 16 Nov 2026 – 20 Nov 2026 (5 bars): open 100.00, high 105.00, low 98.00, close 103.00, ' +
        'change +3.00 (+3.00%), volume 14,190',
    );
    const fall = chartSummary(
      prepareChart({ title: 'X', candles: [candle(OPEN, 100, 100, 97, 97)], interval: '60' }),
    );
    expect(fall).toBe(
      '1 hour bars 20 Nov 2026 09:15 IST (1 bar): open 100.00, high 100.00, low 97.00, close 97.00, ' +
        'change -3.00 (-3.00%), no volume reported',
    );
  });

  it('leaves the percent out when the window opened at 0, rather than dividing by it', () => {
    const summary = chartSummary(
      prepareChart({ title: 'X', candles: [candle(OPEN, 0, 2, 0, 1.5, 5)], interval: '1' }),
    );
    expect(summary).toContain('change +1.50, volume 5');
  });

  it('adds the last price when one is given, also for an empty window', () => {
    expect(
      renderCandleChart({ title: 'X', candles: three, interval: '5', lastPrice: 2461.3 }).summary,
    ).toMatch(/, last price 2461\.30$/);
    expect(renderCandleChart({ title: 'X', candles: [], interval: '15', lastPrice: 2461.3 }).summary).toBe(
      '15 min bars: no candles in this window; last price 2461.30',
    );
  });

  it('shows prices at the tick precision', () => {
    const fx = [candle(OPEN, 83.1025, 83.13, 83.1, 83.1275, 10)];
    expect(
      renderCandleChart({ title: 'CDS:X', candles: fx, interval: '1', tickSize: 0.0025 }).summary,
    ).toContain('open 83.1025, high 83.1300, low 83.1000, close 83.1275');
  });
});

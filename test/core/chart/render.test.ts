import { describe, expect, it } from 'vitest';
import { chartSvg } from '../../../src/core/chart/compose.js';
import { type CandleChartInput, ChartInputError, renderCandleChart } from '../../../src/core/chart/index.js';
import { prepareChart } from '../../../src/core/chart/input.js';
import { THEME } from '../../../src/core/chart/theme.js';
import { fromIst } from '../../../src/core/time/ist.js';
import { candle, DAY, dailyWalk, MINUTE, OPEN, walk } from './candles.js';
import { decodePng, type Picture, PNG_SIGNATURE, pngSize } from './png.js';

const svgOf = (input: CandleChartInput): string => chartSvg(prepareChart(input));
// The plot left of the price axis, whose anti-aliased labels can match a candle colour by chance.
const PRICE_PANE = { top: 62, bottom: 372, left: 0, right: 899 };

/** The box around every pixel of `colour` inside the price pane. */
const boxOf = (picture: Picture, colour: string) => picture.boxOf(colour, PRICE_PANE);

describe('renderCandleChart', () => {
  it('renders a 1000x500 PNG for 120 five-minute candles and reports its size', () => {
    const chart = renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: walk(120), interval: '5' });
    expect(chart.png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(chart.png)).toEqual({ width: 1000, height: 500 });
    expect({ width: chart.width, height: chart.height }).toEqual({ width: 1000, height: 500 });
  });

  it('gives byte-identical PNGs for the same data', () => {
    const input = { title: 'NSE:RELIANCE-EQ', candles: walk(120), interval: '5', lastPrice: 2461.3 };
    const first = renderCandleChart(input);
    const second = renderCandleChart({ ...input, candles: walk(120) });
    expect(second.png.equals(first.png)).toBe(true);
    expect(second.summary).toBe(first.summary);
  });

  it('draws rising bodies hollow and falling bodies filled, so direction reads without colour', () => {
    const candles = [candle(OPEN, 100, 110, 100, 110, 10), candle(OPEN + 5 * MINUTE, 110, 110, 100, 100, 10)];
    const picture = decodePng(renderCandleChart({ title: 'T', candles, interval: '5' }).png);
    const up = boxOf(picture, THEME.up);
    const down = boxOf(picture, THEME.down);
    if (up === undefined || down === undefined) throw new Error('both candles should be drawn');
    const middleRow = Math.round((up.top + up.bottom) / 2);
    expect(picture.at(Math.round((up.left + up.right) / 2), middleRow)).toBe(THEME.background);
    expect(picture.at(up.left, middleRow)).toBe(THEME.up);
    expect(picture.at(Math.round((down.left + down.right) / 2), middleRow)).toBe(THEME.down);
    expect(up.width).toBe(down.width);
  });

  it('renders an empty window as a framed notice, with text drawn in the shipped font', () => {
    const chart = renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: [], interval: '15' });
    expect(pngSize(chart.png)).toEqual({ width: 1000, height: 500 });
    expect(chart.summary).toBe('15 min bars: no candles in this window');
    expect(svgOf({ title: 'X', candles: [], interval: '15' })).toContain('>no candles in this window</text>');
    // System fonts are off: the notice only has pixels if the shipped font was loaded.
    const picture = decodePng(chart.png);
    let inked = 0;
    for (let y = 245; y < 265; y++) {
      for (let x = 380; x < 620; x++) if (picture.at(x, y) !== THEME.background) inked++;
    }
    expect(inked).toBeGreaterThan(100);
  });

  it('draws one candle at a readable size in the middle of the plot, inside a padded price range', () => {
    const one = [candle(OPEN, 2450, 2452.5, 2441.1, 2443.05, 5000)];
    const picture = decodePng(renderCandleChart({ title: 'NSE:X', candles: one, interval: '5' }).png);
    const box = boxOf(picture, THEME.down);
    if (box === undefined) throw new Error('the candle should be drawn');
    expect(box.width).toBeGreaterThanOrEqual(15);
    expect(box.width).toBeLessThanOrEqual(23);
    expect((box.left + box.right) / 2).toBeGreaterThan(400);
    expect((box.left + box.right) / 2).toBeLessThan(560);
    // High to low fills most of the pane, with room above and below.
    expect(box.height).toBeGreaterThan(0.6 * (PRICE_PANE.bottom - PRICE_PANE.top));
    expect(box.top).toBeGreaterThan(PRICE_PANE.top + 5);
    expect(box.bottom).toBeLessThan(PRICE_PANE.bottom - 5);
  });

  it('draws a flat window (high equals low everywhere) in the middle of a price range around it', () => {
    const flat = Array.from({ length: 20 }, (_, i) => candle(OPEN + i * 5 * MINUTE, 100, 100, 100, 100, 7));
    const input = { title: 'BSE:FLAT', candles: flat, interval: '5' };
    const svg = svgOf(input);
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(svg).toContain('>100.00</text>');
    const picture = decodePng(renderCandleChart(input).png);
    const box = boxOf(picture, THEME.flat);
    if (box === undefined) throw new Error('the flat candles should be drawn');
    expect(Math.abs((box.top + box.bottom) / 2 - (PRICE_PANE.top + PRICE_PANE.bottom) / 2)).toBeLessThan(3);
    // The last-price line runs at the same level: the candles must stay on top of it, whole.
    const row = Array.from({ length: picture.width }, (_, x) => picture.at(x, box.top));
    expect(row.filter((colour) => colour === THEME.flat).length).toBeGreaterThanOrEqual(20 * 15);
    expect(renderCandleChart(input).summary).toContain('change 0.00 (0.00%)');
  });

  it('draws candles without volume with a notice in the volume pane instead of bars', () => {
    const bare = walk(30).map((c) => ({ ...c, volume: undefined }));
    const svg = svgOf({ title: 'NSE:IDX', candles: bare, interval: '5' });
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(svg).toContain('>no volume reported</text>');
    expect(svg).not.toContain('fill-opacity="0.5"');
    expect(renderCandleChart({ title: 'NSE:IDX', candles: bare, interval: '5' }).summary).toContain(
      'no volume reported',
    );
  });

  it('tells zero volume (traded none) from volume not reported', () => {
    const zero = walk(30).map((c) => ({ ...c, volume: 0 }));
    expect(svgOf({ title: 'NSE:X', candles: zero, interval: '5' })).toContain('>no volume traded</text>');
    expect(renderCandleChart({ title: 'NSE:X', candles: zero, interval: '5' }).summary).toContain('volume 0');
  });

  it('labels daily bars stamped at IST midnight with dates, never with 00:00', () => {
    const daily = dailyWalk(60, fromIst(2026, 8, 3));
    const svg = svgOf({ title: 'NSE:RELIANCE-EQ', candles: daily, interval: 'D' });
    expect(svg).not.toContain('00:00');
    expect(svg).toMatch(/>\d{2} (Aug|Sep|Oct)<\/text>/);
  });

  it('escapes <&> and quotes in the title and still renders it', () => {
    const title = 'NSE:A<&>B "q" \'s\u0007';
    const svg = svgOf({ title, candles: walk(5), interval: '5' });
    expect(svg).toContain('NSE:A&lt;&amp;&gt;B &quot;q&quot; &apos;s</text>');
    expect(svg).not.toContain('<&>');
    const chart = renderCandleChart({ title, candles: walk(5), interval: '5' });
    expect(pngSize(chart.png)).toEqual({ width: 1000, height: 500 });
  });

  it('cuts a title too long for the header with an ellipsis instead of running into the price', () => {
    const svg = svgOf({ title: `NSE:${'X'.repeat(300)}`, candles: walk(5), interval: '5' });
    const shown = /<text [^>]*font-size="17"[^>]*>(NSE:X+…)<\/text>/.exec(svg)?.[1] ?? '';
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.length).toBeLessThan(90);
  });

  it('draws at most the last 500 candles and says so in the summary', () => {
    const many = walk(620, OPEN - 3 * DAY, MINUTE);
    expect(prepareChart({ title: 'X', candles: many, interval: '1' }).candles).toEqual(many.slice(120));
    const chart = renderCandleChart({ title: 'NSE:X', candles: many, interval: '1' });
    expect(chart.summary).toContain('(last 500 of 620 bars)');
    expect(chart.summary).toContain(`open ${(many[120]?.open ?? 0).toFixed(2)},`);
  });

  it('puts candles given newest first back in time order', () => {
    const bars = walk(10);
    const reversed = renderCandleChart({ title: 'X', candles: [...bars].reverse(), interval: '5' });
    expect(reversed.png.equals(renderCandleChart({ title: 'X', candles: bars, interval: '5' }).png)).toBe(
      true,
    );
  });

  it('shows the given last price in the title and on a line, stretching the range to include it', () => {
    const svg = svgOf({ title: 'X', candles: walk(20), interval: '5', lastPrice: 2480 });
    expect(svg).toContain('last </tspan>2480.00</text>');
    expect(svg).toMatch(/stroke-dasharray="4 3"/);
    expect(svg).toContain('>2480.00</text>');
    expect(svg).not.toContain('<path');
  });

  it('pins a last price far from the window at the pane’s edge, pointing to it, and keeps the candles’ height', () => {
    const bars = walk(20);
    const axisPrices = (svg: string) =>
      [...svg.matchAll(/>(\d+\.\d\d)<\/text>/g)].map((m) => Number(m[1])).filter((p) => p < 2600);
    const plain = svgOf({ title: 'X', candles: bars, interval: '5' });
    const above = svgOf({ title: 'X', candles: bars, interval: '5', lastPrice: 3000 });
    expect(above).toContain('last </tspan>3000.00</text>');
    expect(above).toContain('>3000.00</text>');
    expect(above).not.toMatch(/stroke-dasharray="4 3"/);
    expect(above).toMatch(/<path d="M[\d.]+ [\d.]+h10l-5 -8z"/);
    // The axis keeps the candles' own round prices (none is hidden by the tag pinned at the top).
    expect(Math.max(...axisPrices(above))).toBeLessThan(2500);
    expect(axisPrices(above).length).toBeGreaterThanOrEqual(axisPrices(plain).length - 1);
    const below = svgOf({ title: 'X', candles: bars, interval: '5', lastPrice: 1000 });
    expect(below).toMatch(/<path d="M[\d.]+ [\d.]+h10l-5 8z"/);
    expect(below).not.toMatch(/stroke-dasharray="4 3"/);
  });

  it('refuses an unknown interval, a bad tick and a non-finite price, saying which value and what to give', () => {
    const bars = walk(3);
    const attempt = (input: Partial<CandleChartInput>) => () =>
      renderCandleChart({ title: 'X', candles: bars, interval: '5', ...input });
    expect(attempt({ interval: '7' })).toThrow(ChartInputError);
    expect(attempt({ interval: '7' })).toThrow(
      /interval must be one of 1, 3, 5, 10, 15, 30, 60, 120, 240, D/,
    );
    expect(attempt({ tickSize: 0 })).toThrow(
      /tickSize must be a price step of at least 0\.0001, such as 0\.05; got 0/,
    );
    expect(attempt({ lastPrice: Number.NaN })).toThrow(/lastPrice must be a finite price/);
    const broken = [...bars.slice(0, 2), { ...(bars[2] as (typeof bars)[number]), high: Number.NaN }];
    expect(attempt({ candles: broken })).toThrow(/candles\[2\]\.high must be a finite price \(got NaN\)/);
  });

  it('accepts the interval in lower case or as D for daily', () => {
    const daily = dailyWalk(5, fromIst(2026, 11, 16));
    expect(renderCandleChart({ title: 'X', candles: daily, interval: 'd' }).summary).toMatch(/^daily bars /);
  });
});

import {
  drawFrame,
  drawLastPriceLine,
  drawLastPriceTag,
  drawPriceAxis,
  drawTimeAxis,
  drawVolumeLegend,
} from './draw-axes.js';
import { drawCandles, drawVolume } from './draw-candles.js';
import { drawHeader } from './draw-header.js';
import { compactVolume, priceText } from './format.js';
import { chartGeometry, type Geometry } from './geometry.js';
import type { ChartData } from './input.js';
import { chartLayout } from './layout.js';
import { priceScale } from './price-scale.js';
import { rect, text } from './svg.js';
import { THEME } from './theme.js';

/** Round prices on the axis are at least this far apart, in pixels. */
const TICK_SPACING = 44;

/** Where the last price's tag sits: level with the price, or at the pane's edge when pinned there. */
function lastPriceY(g: Geometry, last: number, pinned: 'up' | 'down' | undefined): number {
  if (pinned === 'up') return g.layout.priceTop + 10;
  if (pinned === 'down') return g.layout.priceBottom - 10;
  return Math.round(g.y(last)) + 0.5;
}

function plot(data: ChartData): string {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let maxVolume = 0;
  let reported = false;
  for (const c of data.candles) {
    // Extremes over all four prices, so a bar whose high is below its close still fits the pane.
    min = Math.min(min, c.low, c.high, c.open, c.close);
    max = Math.max(max, c.low, c.high, c.open, c.close);
    maxVolume = Math.max(maxVolume, c.volume ?? 0);
    reported ||= c.volume !== undefined;
  }
  const last = data.lastPrice;
  // A last price far from the window (a chart of last month, a stale quote) would squash the candles into
  // a sliver: beyond one window's span from them it is pinned at the pane's edge instead.
  const reach = Math.max(max - min, 10 * data.tick);
  const pinned =
    last === undefined ? undefined : last > max + reach ? 'up' : last < min - reach ? 'down' : undefined;
  if (last !== undefined && pinned === undefined) {
    min = Math.min(min, last);
    max = Math.max(max, last);
  }
  const probe = chartLayout('');
  const scale = priceScale(
    min,
    max,
    data.tick,
    Math.floor((probe.priceBottom - probe.priceTop) / TICK_SPACING),
  );
  const labels = [...scale.ticks, ...(last === undefined ? [] : [last])].map((p) => priceText(p, data.tick));
  const widest = [...labels, compactVolume(maxVolume)].reduce((a, b) => (b.length > a.length ? b : a), '');
  const g = chartGeometry(chartLayout(widest), scale, data.candles.length);
  const lastY = last === undefined ? undefined : lastPriceY(g, last, pinned);
  return [
    drawPriceAxis(g, data.tick, lastY),
    drawTimeAxis(g, data.candles, data.interval),
    drawFrame(g),
    drawVolume(data.candles, g, maxVolume),
    drawVolumeLegend(g, maxVolume, reported),
    last === undefined || pinned !== undefined ? '' : drawLastPriceLine(g, lastY as number),
    drawCandles(data.candles, g),
    last === undefined ? '' : drawLastPriceTag(g, data.tick, last, lastY as number, pinned),
  ].join('');
}

function emptyPlot(): string {
  const layout = chartLayout('00000.00');
  const middle = layout.width / 2;
  return (
    rect(
      layout.plotLeft + 0.5,
      layout.priceTop + 0.5,
      layout.width - 2 * layout.plotLeft,
      layout.volumeBottom - layout.priceTop,
      `fill="none" stroke="${THEME.frame}" stroke-dasharray="4 3"`,
    ) +
    text(
      middle,
      (layout.priceTop + layout.volumeBottom) / 2,
      'no candles in this window',
      `font-size="15" fill="${THEME.muted}" text-anchor="middle"`,
    )
  );
}

/** The whole chart as SVG markup: header, then the panes, or a framed notice when the window is empty. */
export function chartSvg(data: ChartData): string {
  const { width, height } = THEME;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${THEME.font}">` +
    rect(0, 0, width, height, `fill="${THEME.background}"`) +
    drawHeader(data) +
    (data.candles.length === 0 ? emptyPlot() : plot(data)) +
    '</svg>'
  );
}

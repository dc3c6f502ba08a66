import type { Candle } from '../domain/candle.js';
import type { CandleInterval } from '../vocabulary/index.js';
import { compactVolume, priceText } from './format.js';
import type { Geometry } from './geometry.js';
import { line, px, rect, text } from './svg.js';
import { THEME, textWidth } from './theme.js';
import { labelCentre, timeLabels } from './time-labels.js';

const AXIS_TEXT = `font-size="${THEME.axisSize}" fill="${THEME.text}"`;

/** Horizontal grid lines at the round prices, with their labels on the right-hand axis. */
export function drawPriceAxis(g: Geometry, tick: number, lastY: number | undefined): string {
  const { plotLeft, plotRight } = g.layout;
  return g.scale.ticks
    .map((price) => {
      const y = Math.round(g.y(price)) + 0.5;
      const grid = line(plotLeft, y, plotRight, y, `stroke="${THEME.grid}"`);
      // The last-price tag wins over a round price it would cover.
      const hidden = lastY !== undefined && Math.abs(lastY - y) < 15;
      return hidden ? grid : grid + text(plotRight + 8, y + 4, priceText(price, tick), AXIS_TEXT);
    })
    .join('');
}

/** A dashed line across the price pane at the last price's `y` (drawn under the candles, so a flat window stays visible). */
export function drawLastPriceLine(g: Geometry, y: number): string {
  return line(g.layout.plotLeft, y, g.layout.plotRight, y, `stroke="${THEME.last}" stroke-dasharray="4 3"`);
}

/**
 * The last price in a tag on the axis at `y`, level with its line; a price beyond the pane's range is
 * pinned at its edge with a triangle pointing where it lies.
 */
export function drawLastPriceTag(
  g: Geometry,
  tick: number,
  lastPrice: number,
  y: number,
  pinned?: 'up' | 'down',
): string {
  const { plotRight, width } = g.layout;
  const arrow =
    pinned === undefined
      ? ''
      : `<path d="M${px(plotRight - 12)} ${px(pinned === 'up' ? y + 4 : y - 4)}h10l-5 ${pinned === 'up' ? -8 : 8}z" fill="${THEME.last}"/>`;
  return (
    arrow +
    rect(plotRight + 1, y - 9.5, width - plotRight - 5, 18, `fill="${THEME.last}" rx="2"`) +
    text(
      plotRight + 8,
      y + 4,
      priceText(lastPrice, tick),
      `font-size="${THEME.axisSize}" fill="${THEME.lastText}"`,
    )
  );
}

/** The volume pane's legend: `Vol` with the largest bar's volume, or that the window reported or traded none. */
export function drawVolumeLegend(g: Geometry, maxVolume: number, reported: boolean): string {
  const { plotLeft, plotRight, volumeTop, volumeBottom } = g.layout;
  const muted = `font-size="${THEME.axisSize}" fill="${THEME.muted}"`;
  if (maxVolume <= 0) {
    const middle = (plotLeft + plotRight) / 2;
    const notice = reported ? 'no volume traded' : 'no volume reported';
    return text(middle, (volumeTop + volumeBottom) / 2 + 4, notice, `${muted} text-anchor="middle"`);
  }
  return (
    text(plotLeft + 4, volumeTop + 10, 'Vol', muted) +
    text(plotRight + 8, volumeTop + 10, compactVolume(maxVolume), AXIS_TEXT)
  );
}

/** Vertical grid lines through both panes at the labelled bars, with IST times or dates under them. */
export function drawTimeAxis(g: Geometry, candles: readonly Candle[], interval: CandleInterval): string {
  const { plotLeft, plotRight, priceTop, volumeBottom, timeY } = g.layout;
  const plotWidth = plotRight - plotLeft;
  const width = (label: string): number => textWidth(label, THEME.axisSize);
  return timeLabels(candles, interval, g.slot, width, plotWidth)
    .map(({ index, text: label }) => {
      const x = g.column(index) + 0.5;
      const centre = plotLeft + labelCentre(index, g.slot, width(label), plotWidth);
      return (
        line(x, priceTop, x, volumeBottom, `stroke="${THEME.grid}"`) +
        text(centre, timeY, label, `${AXIS_TEXT} text-anchor="middle"`)
      );
    })
    .join('');
}

/** The panes' edges: the axis line on the right and a rule under each pane. */
export function drawFrame(g: Geometry): string {
  const { plotLeft, plotRight, priceBottom, volumeBottom, priceTop } = g.layout;
  const stroke = `stroke="${THEME.frame}"`;
  return (
    line(plotRight + 0.5, priceTop, plotRight + 0.5, volumeBottom, stroke) +
    line(plotLeft, priceBottom + 0.5, plotRight, priceBottom + 0.5, stroke) +
    line(plotLeft, volumeBottom + 0.5, plotRight, volumeBottom + 0.5, stroke)
  );
}

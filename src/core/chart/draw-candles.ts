import type { Candle } from '../domain/candle.js';
import type { Geometry } from './geometry.js';
import { rect } from './svg.js';
import { THEME } from './theme.js';

function colourOf(c: Candle): string {
  return c.close > c.open ? THEME.up : c.close < c.open ? THEME.down : THEME.flat;
}

/**
 * Candles: a one-pixel wick from high to low and a body from open to close. Rising bodies are hollow and
 * falling ones filled, so the two read apart without colour, wherever a body is wide enough to be hollow.
 */
export function drawCandles(candles: readonly Candle[], g: Geometry): string {
  const half = (g.bodyWidth - 1) / 2;
  const parts = candles.map((c, i) => {
    const colour = colourOf(c);
    const x = g.column(i);
    const top = Math.round(g.y(Math.max(c.high, c.open, c.close)));
    const bottom = Math.round(g.y(Math.min(c.low, c.open, c.close)));
    const wick = rect(x, top, 1, Math.max(1, bottom - top), `fill="${colour}"`);
    const bodyTop = Math.round(g.y(Math.max(c.open, c.close)));
    const bodyHeight = Math.max(1, Math.round(g.y(Math.min(c.open, c.close))) - bodyTop);
    const hollow = c.close > c.open && g.bodyWidth >= 3 && bodyHeight >= 3;
    const body = hollow
      ? rect(
          x - half + 0.5,
          bodyTop + 0.5,
          g.bodyWidth - 1,
          bodyHeight - 1,
          `fill="${THEME.background}" stroke="${colour}" stroke-width="1"`,
        )
      : rect(x - half, bodyTop, g.bodyWidth, bodyHeight, `fill="${colour}"`);
    return wick + body;
  });
  return `<g shape-rendering="crispEdges">${parts.join('')}</g>`;
}

/** Volume bars in the lower pane, scaled to the largest; bars without volume are left out. */
export function drawVolume(candles: readonly Candle[], g: Geometry, maxVolume: number): string {
  if (maxVolume <= 0) return '';
  const { volumeTop, volumeBottom } = g.layout;
  const half = (g.bodyWidth - 1) / 2;
  const parts = candles.map((c, i) => {
    if (c.volume === undefined || c.volume <= 0) return '';
    const height = Math.max(1, Math.round((c.volume / maxVolume) * (volumeBottom - volumeTop - 14)));
    return rect(g.column(i) - half, volumeBottom - height, g.bodyWidth, height, `fill="${colourOf(c)}"`);
  });
  return `<g shape-rendering="crispEdges" fill-opacity="0.5">${parts.join('')}</g>`;
}

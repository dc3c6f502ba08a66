import type { Layout } from './layout.js';
import type { PriceScale } from './price-scale.js';

/** How bars and prices map to pixels. */
export interface Geometry {
  readonly layout: Layout;
  readonly scale: PriceScale;
  /** The width each bar owns, in pixels. */
  readonly slot: number;
  /** A candle body's width: odd, so the wick sits in its middle column; at most 23 so one candle stays a candle. */
  readonly bodyWidth: number;
  /** The pixel column of bar `i`'s wick. */
  readonly column: (i: number) => number;
  /** The y of a price in the price pane (higher prices further up). */
  readonly y: (price: number) => number;
}

/** The mapping for `count` bars spread evenly across the plot and the scale's range across the price pane. */
export function chartGeometry(layout: Layout, scale: PriceScale, count: number): Geometry {
  const plotWidth = layout.plotRight - layout.plotLeft;
  const slot = plotWidth / Math.max(1, count);
  const half = Math.max(0, Math.floor((Math.min(slot * 0.72, 23) - 1) / 2));
  const paneHeight = layout.priceBottom - layout.priceTop;
  // priceScale never returns an empty range, but a zero span must not become a division by zero.
  const span = scale.high - scale.low || 1;
  return {
    layout,
    scale,
    slot,
    bodyWidth: 2 * half + 1,
    column: (i) => Math.floor(layout.plotLeft + (i + 0.5) * slot),
    y: (price) => layout.priceTop + ((scale.high - price) / span) * paneHeight,
  };
}

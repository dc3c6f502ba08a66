import { THEME, textWidth } from './theme.js';

/** Where each part of the chart goes, in pixels. */
export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly plotLeft: number;
  readonly plotRight: number;
  readonly priceTop: number;
  readonly priceBottom: number;
  readonly volumeTop: number;
  readonly volumeBottom: number;
  /** Baseline of the time axis labels. */
  readonly timeY: number;
}

/** The layout for a price axis whose widest label is `axisLabel`: the plot gives the axis just the room it needs. */
export function chartLayout(axisLabel: string): Layout {
  const { width, height } = THEME;
  const axisWidth = Math.ceil(textWidth(axisLabel, THEME.axisSize)) + 20;
  return {
    width,
    height,
    plotLeft: 12,
    plotRight: width - axisWidth,
    priceTop: 62,
    priceBottom: 372,
    volumeTop: 382,
    volumeBottom: 456,
    timeY: 474,
  };
}

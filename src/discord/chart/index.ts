import type { Candle } from '../../core/domain/candle.js';
import { chartSvg } from './compose.js';
import { prepareChart } from './input.js';
import { svgToPng } from './png.js';
import { chartSummary } from './summary.js';
import { THEME } from './theme.js';

export { ChartInputError } from './errors.js';

/** What to chart: one instrument's candles over a window. */
export interface CandleChartInput {
  /** e.g. "NSE:RELIANCE-EQ" */
  readonly title: string;
  /** Oldest first, as the client returns them. */
  readonly candles: readonly Candle[];
  /** '1', '3', '5', '10', '15', '30', '60', '120', '240' (minutes) or 'D'. */
  readonly interval: string;
  /** Decimals and grid of prices; default 0.05. */
  readonly tickSize?: number;
  /** Shown in the title area when given (else the last close). */
  readonly lastPrice?: number;
}

/** A rendered chart and the line of text that goes with it. */
export interface CandleChart {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** One line for the message: window, OHLC, change %, volume; or what is absent. */
  readonly summary: string;
}

/**
 * Draws a candlestick chart with volume, IST time axis and last-price line as a PNG (the same bytes for the
 * same data); throws ChartInputError for an unknown interval, a bad tick or a candle with a non-finite value.
 */
export function renderCandleChart(input: CandleChartInput): CandleChart {
  const data = prepareChart(input);
  return {
    png: svgToPng(chartSvg(data)),
    width: THEME.width,
    height: THEME.height,
    summary: chartSummary(data),
  };
}

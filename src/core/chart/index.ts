import { chartSvg } from './compose.js';
import { prepareChart } from './input.js';
import { svgToPng } from './png.js';
import { chartSummary } from './summary.js';
import { THEME } from './theme.js';
import type { CandleChart, CandleChartInput } from './types.js';

export type { CandleChart, CandleChartInput } from './types.js';
export { ChartInputError } from './types.js';

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

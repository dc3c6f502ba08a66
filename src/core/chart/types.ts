import type { Candle } from '../domain/candle.js';

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

/** Input the chart renderer cannot draw; the message says which value was wrong and what to pass instead. */
export class ChartInputError extends Error {
  override readonly name = 'ChartInputError';
}

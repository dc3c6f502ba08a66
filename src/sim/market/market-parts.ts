import type { TradingCalendar } from './calendar.js';
import type { DaySeriesCache } from './day-series.js';
import type { InstrumentPrices } from './instrument-prices.js';

/** What quotes, candles and ranges read: the market's calendar, hashed seed, prices and day series. */
export interface MarketParts {
  readonly seed: number;
  readonly calendar: TradingCalendar;
  readonly prices: InstrumentPrices;
  readonly days: DaySeriesCache;
}

/** The simulated market's public surface: the factory, the pricing helpers the HTTP layer needs, and the types. */
export { blackScholes, type Greeks, type OptionInputs, optionPrice, YEAR_MS } from './black-scholes.js';
export { createCalendar, type MarketHours, type TradingCalendar } from './calendar.js';
export { type ContractQuery, findContract } from './contract-lookup.js';
export { INSTRUMENTS_CSV_HEADER, instrumentsCsv } from './instruments-csv.js';
export { createMarket, type MarketOptions } from './market.js';
export { smileVolatility } from './smile.js';
export { type SpanPosition, type SpanResult, spanMargin } from './span.js';
export { isTradable } from './static-instruments.js';
export type * from './types.js';

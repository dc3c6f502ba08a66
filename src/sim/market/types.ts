import type { CandleInterval, Exchange, InstrumentKind, OptionType } from '../../core/vocabulary/index.js';

/** One tradable (or, for indices, quotable) instrument of the simulated universe. */
export interface SimInstrument {
  readonly exchange: Exchange;
  readonly token: string;
  /** `RELIANCE-EQ` (NSE), `RELIANCE` (BSE), `NIFTY 50` (index), `NIFTY24NOV26F`, `NIFTY24NOV26C24000`. */
  readonly tradingSymbol: string;
  /** The underlying's name: `RELIANCE`, `NIFTY`, `BANKNIFTY`. */
  readonly symbolName: string;
  readonly companyName: string;
  readonly kind: InstrumentKind;
  /** `EQ` for cash, `FO` for derivatives, `IDX` for indices. */
  readonly segment: 'EQ' | 'FO' | 'IDX';
  /** Empty for derivatives and indices. */
  readonly isin: string;
  readonly lotSize: number;
  /** In rupees, for example 0.05. */
  readonly tickSize: number;
  readonly pricePrecision: number;
  /** Largest quantity one order may carry; 0 means no freeze limit. */
  readonly freezeQty: number;
  /** Derivatives: the expiry instant (15:30 IST on the expiry day). */
  readonly expiry?: number;
  readonly strike?: number;
  readonly optionType?: OptionType;
  /** Derivatives: `EXCHANGE:TOKEN` of the spot or index they derive from. */
  readonly underlying?: string;
}

/** The instruments that exist at one moment (derivative expiries roll with the clock). */
export interface Universe {
  readonly instruments: readonly SimInstrument[];
  byToken(exchange: string, token: string): SimInstrument | undefined;
  bySymbol(exchange: string, tradingSymbol: string): SimInstrument | undefined;
  /** Indices quoted on an exchange, for `/api/indexList`. */
  indices(exchange: string): readonly SimInstrument[];
}

export interface DepthLevel {
  readonly price: number;
  readonly quantity: number;
  readonly orders: number;
}

/** Everything a quote shows about one instrument at one instant; prices on the tick grid. */
export interface MarketSnapshot {
  readonly at: number;
  readonly last: number;
  readonly lastQuantity: number;
  readonly lastTradeAt: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly previousClose: number;
  readonly volume: number;
  readonly openInterest: number;
  readonly upperCircuit: number;
  readonly lowerCircuit: number;
  /** Five levels each, best first: bids descending, asks ascending. */
  readonly bids: readonly DepthLevel[];
  readonly asks: readonly DepthLevel[];
}

/** One OHLC bar; `start` is the instant the interval begins. */
export interface CandleBar {
  readonly start: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly vwap: number;
  readonly openInterest: number;
  readonly openInterestChange: number;
}

/** Highest and lowest traded price over a span, with the prices at both ends. */
export interface PriceRange {
  readonly first: number;
  readonly last: number;
  readonly high: number;
  readonly low: number;
}

/** What an instrument's model value is computed from at one instant (margin and greeks use it). */
export interface PricingInputs {
  /** The underlying's price, not rounded to ticks. */
  readonly spot: number;
  /** Years from the instant to expiry; 0 for instruments without one. */
  readonly timeToExpiry: number;
  /** Annual risk-free rate, continuous, as a decimal. */
  readonly rate: number;
  /** Futures cost of carry (the rate plus the contract's basis); the rate for everything else. */
  readonly carry: number;
  /** The underlying's at-the-money implied volatility that day. */
  readonly atmVolatility: number;
  /** Options: the strike's implied volatility on the smile; otherwise the ATM volatility. */
  readonly volatility: number;
}

/** When the simulated exchanges trade. */
export interface MarketCalendar {
  readonly hours: 'always' | 'real';
  isOpen(at: number): boolean;
  /** The session containing `at`, or the next one when closed. */
  session(at: number): { readonly open: number; readonly close: number };
}

/** The deterministic simulated market: same seed, same clock, same prices. */
export interface Market {
  readonly seed: number;
  readonly calendar: MarketCalendar;
  universe(at: number): Universe;
  snapshot(instrument: SimInstrument, at: number): MarketSnapshot;
  /**
   * A number shared by every instant whose snapshots are all equal (the same whole second, no price
   * moved since), so answers built from them can be reused; undefined when a move takes effect inside
   * that second, where two instants can differ.
   */
  snapshotStamp(at: number): number | undefined;
  /** Bars whose start lies in [from, to], oldest first; the bar containing `at` ends at its last price. */
  candles(
    instrument: SimInstrument,
    from: number,
    to: number,
    interval: CandleInterval,
    at: number,
  ): CandleBar[];
  /** The traded range over (from, to], for working limit and stop orders. */
  range(instrument: SimInstrument, from: number, to: number): PriceRange;
  /** Moves an instrument's price to `price` from `at` on (derivatives of an underlying follow it). */
  movePrice(instrument: SimInstrument, price: number, at: number): void;
  /** The inputs of the instrument's model value at `at` (the span calculator revalues positions with them). */
  pricingInputs(instrument: SimInstrument, at: number): PricingInputs;
}

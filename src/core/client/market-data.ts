import type { Decoded } from '../decode/index.js';
import { type Candle, candleFromWire } from '../domain/candle.js';
import { type Greeks, greeksFromWire, type OptionGreeks } from '../domain/greeks.js';
import { type Quote, quoteFromWire } from '../domain/quote.js';
import {
  type IndexEntry,
  indexEntryFromWire,
  type SecurityInfo,
  securityInfoFromWire,
} from '../domain/security.js';
import { formatExpiryLong } from '../time/ist.js';
import { EXCHANGES, type Exchange, OPTION_TYPES, type OptionType } from '../vocabulary/index.js';
import {
  indexListSuccess,
  optionGreeksSuccess,
  type QuoteSuccess,
  quoteSuccess,
  securityInfoSuccess,
} from '../wire/index.js';
import { type CandleQuery, fetchCandles } from './candles.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { okValue, request } from './request.js';
import {
  assertValid,
  decimalText,
  expiryMs,
  type InstrumentRef,
  instrumentProblems,
  type TimeInput,
} from './validate.js';

/** Inputs of the option-greeks calculator; rate and volatility in percent. */
export interface GreeksQuery {
  readonly expiry: TimeInput;
  readonly strikePrice: number;
  readonly spotPrice: number;
  readonly interestRate: number;
  readonly volatility: number;
  /** Default `CE`; the answer carries the call and the put either way. */
  readonly optionType?: OptionType;
}

/** Quotes, instrument facts, indices, candles and greeks. */
export function marketDataMethods(ctx: ClientContext) {
  // Made once per client rather than per call: quotes are the hottest call there is.
  const quoteOf = (d: Decoded<QuoteSuccess>): Quote => quoteFromWire(okValue(d).data, d.raw, ctx.clock.now());
  return {
    /** A quote with 5-level depth, circuit band and day range. */
    async getQuote(instrument: InstrumentRef, call?: CallOptions): Promise<Quote> {
      assertValid('getQuote', instrumentProblems(instrument));
      return request(ctx, {
        endpoint: 'quote',
        label: 'getQuote',
        schema: quoteSuccess,
        call,
        share: { kind: 'quotes', key: `${instrument.exchange}|${instrument.token.trim()}` },
        fields: { exchange: instrument.exchange, token: instrument.token.trim() },
        map: quoteOf,
      });
    },

    /** Tick size, lot size, precision, multiplier and price factor of an instrument. */
    async getSecurityInfo(instrument: InstrumentRef, call?: CallOptions): Promise<SecurityInfo> {
      assertValid('getSecurityInfo', instrumentProblems(instrument));
      return request(ctx, {
        endpoint: 'securityInfo',
        label: 'getSecurityInfo',
        schema: securityInfoSuccess,
        call,
        share: { kind: 'security', key: `info|${instrument.exchange}|${instrument.token.trim()}` },
        fields: { exchange: instrument.exchange, token: instrument.token.trim() },
        map: (d) => securityInfoFromWire(okValue(d).data, d.raw),
      });
    },

    /** The indices quoted on an exchange, with the tokens to query them by. */
    async listIndices(exchange: Exchange = 'NSE', call?: CallOptions): Promise<readonly IndexEntry[]> {
      if (!EXCHANGES.includes(exchange)) {
        assertValid('listIndices', [
          `exchange must be one of ${EXCHANGES.join(', ')} (got ${String(exchange)})`,
        ]);
      }
      return request(ctx, {
        endpoint: 'indexList',
        label: 'listIndices',
        schema: indexListSuccess,
        noData: 'empty',
        call,
        share: { kind: 'security', key: `indices|${exchange}` },
        fields: { exchange },
        map: (d) =>
          d.kind === 'ok' ? d.value.values.map((entry) => indexEntryFromWire(entry, exchange)) : [],
      });
    },

    /** Candles of a window, oldest first; long windows are fetched in pages and merged. */
    async getCandles(query: CandleQuery, call?: CallOptions): Promise<readonly Candle[]> {
      return fetchCandles(ctx, query, call, candleFromWire);
    },

    /** Price and greeks of the call and the put at a strike. */
    async getOptionGreeks(query: GreeksQuery, call?: CallOptions): Promise<OptionGreeks> {
      const expiry = expiryMs(query.expiry);
      const problems: string[] = [];
      if (expiry === undefined) problems.push('expiry must be DD-MMM-YYYY, DDMMMYY or a date');
      for (const name of ['strikePrice', 'spotPrice', 'volatility'] as const) {
        if (!(Number.isFinite(query[name]) && query[name] > 0))
          problems.push(`${name} must be a positive number`);
      }
      if (!Number.isFinite(query.interestRate)) problems.push('interestRate must be a number (percent)');
      const optionType = query.optionType ?? 'CE';
      if (!OPTION_TYPES.includes(optionType)) problems.push('optionType must be CE or PE');
      assertValid('getOptionGreeks', problems);
      const body = {
        expiryDate: formatExpiryLong(expiry as number),
        strikePrice: decimalText(query.strikePrice),
        spotPrice: decimalText(query.spotPrice),
        initRate: decimalText(query.interestRate),
        volatility: decimalText(query.volatility),
        optionType,
      };
      return request(ctx, {
        endpoint: 'optionGreeks',
        label: 'getOptionGreeks',
        schema: optionGreeksSuccess,
        call,
        share: { kind: 'quotes', key: `greeks|${JSON.stringify(body)}` },
        body: () => body,
        map: (d) => greeksFromWire(okValue(d).data, d.raw),
      });
    },
  };
}

export type { Greeks };

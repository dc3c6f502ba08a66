import { istDate } from '../time/ist.js';
import type { Exchange } from '../vocabulary/index.js';
import { DEPTH_LEVELS, type QuoteData } from '../wire/index.js';
import { normalizeExchange, type Open } from './enums.js';
import { clockOnDayIso } from './ist-text.js';
import { istIso, optNumber, optPrice, optText, reqPrice } from './values.js';

/** One price level of the order book. */
export interface DepthLevel {
  readonly price: number;
  readonly quantity: number;
  readonly orders: number;
}

/** A snapshot of one instrument: last trade, day range, circuit band and 5-level depth. */
export interface Quote {
  readonly exchange: Open<Exchange>;
  readonly tradingSymbol: string;
  readonly token: string;
  readonly companyName: string | undefined;
  readonly symbolName: string | undefined;
  readonly isin: string | undefined;
  readonly segment: string | undefined;
  readonly instrumentName: string | undefined;
  readonly lastPrice: number;
  readonly lastQuantity: number | undefined;
  /** The last trade's time (ISO 8601, +05:30), dated by the answer's `requestTime` (else today in IST). */
  readonly lastTradeTime: string | undefined;
  readonly dayHigh: number | undefined;
  readonly dayLow: number | undefined;
  readonly volume: number | undefined;
  readonly upperCircuit: number | undefined;
  readonly lowerCircuit: number | undefined;
  readonly tickSize: number | undefined;
  readonly lotSize: number | undefined;
  readonly pricePrecision: number | undefined;
  readonly multiplier: number | undefined;
  readonly priceFactor: string | undefined;
  /** Best bids first (highest price), up to 5 levels. */
  readonly bids: readonly DepthLevel[];
  /** Best asks first (lowest price), up to 5 levels. */
  readonly asks: readonly DepthLevel[];
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

/** Each depth level's field names per side, spelled once rather than on every quote. */
const DEPTH_FIELDS = {
  Buy: levelFields('Buy'),
  Sell: levelFields('Sell'),
};

function levelFields(side: 'Buy' | 'Sell') {
  return DEPTH_LEVELS.map((level) => ({
    price: `best${side}Price${level}`,
    quantity: `best${side}Quantity${level}`,
    orders: `best${side}Order${level}`,
  }));
}

function depth(data: QuoteData, side: 'Buy' | 'Sell'): DepthLevel[] {
  const fields = data as Record<string, string | undefined>;
  const levels: DepthLevel[] = [];
  for (const names of DEPTH_FIELDS[side]) {
    const price = optPrice(fields[names.price]);
    if (price === undefined) continue;
    levels.push({
      price,
      quantity: optNumber(fields[names.quantity]) ?? 0,
      orders: optNumber(fields[names.orders]) ?? 0,
    });
  }
  return levels;
}

const CLOCK_TIME = /^\d{2}:\d{2}:\d{2}$/;

/** A last trade time: a full timestamp, or a clock time on the day of the answer (else today) in IST. */
function tradeTime(
  text: string | undefined,
  requestIso: string | undefined,
  nowMs: number,
): string | undefined {
  const clock = optText(text);
  if (clock === undefined) return undefined;
  if (!CLOCK_TIME.test(clock)) return istIso(clock);
  return clockOnDayIso(clock, requestIso?.slice(0, 10) ?? istDate(nowMs));
}

/** The quote's `data`; `nowMs` dates the last trade time when the answer carries no request time. */
export function quoteFromWire(data: QuoteData, raw: unknown, nowMs: number): Quote {
  const requestTime = istIso(data.requestTime);
  return {
    exchange: normalizeExchange(data.exchange) ?? data.exchange,
    tradingSymbol: data.tradingSymbol,
    token: data.token,
    companyName: optText(data.companyName) ?? optText(data.company),
    symbolName: optText(data.symbolName),
    isin: optText(data.isin),
    segment: optText(data.segment),
    instrumentName: optText(data.instrumentName),
    lastPrice: reqPrice(data.lastTradedPrice, 'data.lastTradedPrice'),
    lastQuantity: optNumber(data.lastTradedQuantity),
    lastTradeTime: tradeTime(data.lastTradeTime, requestTime, nowMs),
    dayHigh: optPrice(data.dayHighPrice),
    dayLow: optPrice(data.dayLowPrice),
    volume: optNumber(data.volume),
    upperCircuit: optPrice(data.upperCircuit),
    lowerCircuit: optPrice(data.lowerCircuit),
    tickSize: optPrice(data.tickSize),
    lotSize: optNumber(data.lotSize),
    pricePrecision: optNumber(data.pricePrecision),
    multiplier: optNumber(data.multipler),
    priceFactor: optText(data.priceFactor),
    bids: depth(data, 'Buy'),
    asks: depth(data, 'Sell'),
    requestTime,
    raw,
  };
}

import { istDate } from '../time/ist.js';
import type { Exchange } from '../vocabulary/index.js';
import type { QuoteData } from '../wire/index.js';
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

/** Adds one level of the book when its price is there (quantity and orders default to 0). */
function addLevel(
  levels: DepthLevel[],
  price: string | undefined,
  quantity: string | undefined,
  orders: string | undefined,
): void {
  const value = optPrice(price);
  if (value !== undefined)
    levels.push({ price: value, quantity: optNumber(quantity) ?? 0, orders: optNumber(orders) ?? 0 });
}

/** The depth fields of a quote (the schema spells them out in a loop, so its type does not name them). */
type DepthFields = Readonly<Record<string, string | undefined>>;

// Each field is read by its name: one place per name is what lets the engine keep these reads cheap.
function bids(d: DepthFields): DepthLevel[] {
  const levels: DepthLevel[] = [];
  addLevel(levels, d.bestBuyPrice1, d.bestBuyQuantity1, d.bestBuyOrder1);
  addLevel(levels, d.bestBuyPrice2, d.bestBuyQuantity2, d.bestBuyOrder2);
  addLevel(levels, d.bestBuyPrice3, d.bestBuyQuantity3, d.bestBuyOrder3);
  addLevel(levels, d.bestBuyPrice4, d.bestBuyQuantity4, d.bestBuyOrder4);
  addLevel(levels, d.bestBuyPrice5, d.bestBuyQuantity5, d.bestBuyOrder5);
  return levels;
}

function asks(d: DepthFields): DepthLevel[] {
  const levels: DepthLevel[] = [];
  addLevel(levels, d.bestSellPrice1, d.bestSellQuantity1, d.bestSellOrder1);
  addLevel(levels, d.bestSellPrice2, d.bestSellQuantity2, d.bestSellOrder2);
  addLevel(levels, d.bestSellPrice3, d.bestSellQuantity3, d.bestSellOrder3);
  addLevel(levels, d.bestSellPrice4, d.bestSellQuantity4, d.bestSellOrder4);
  addLevel(levels, d.bestSellPrice5, d.bestSellQuantity5, d.bestSellOrder5);
  return levels;
}

/** A last trade time: a full timestamp, or a clock time on the day of the answer (else today) in IST. */
function tradeTime(
  text: string | undefined,
  requestIso: string | undefined,
  nowMs: number,
): string | undefined {
  const clock = optText(text);
  if (clock === undefined) return undefined;
  // Eight characters can only be a clock time (`HH:MM:SS`); a full timestamp has nineteen.
  if (clock.length !== 8) return istIso(clock);
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
    bids: bids(data as DepthFields),
    asks: asks(data as DepthFields),
    requestTime,
    raw,
  };
}

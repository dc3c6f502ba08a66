import { EQUITIES, equityTick } from './reference-equities.js';
import { INDEX_TICK, INDICES } from './reference-indices.js';
import type { SimInstrument } from './types.js';

type Equity = (typeof EQUITIES)[number];

function cashListing(
  e: Equity,
  exchange: 'NSE' | 'BSE',
  token: string,
  tradingSymbol: string,
): SimInstrument {
  return {
    exchange,
    token,
    tradingSymbol,
    symbolName: e.symbol,
    companyName: e.name,
    kind: 'EQ',
    segment: 'EQ',
    isin: e.isin,
    lotSize: 1,
    tickSize: equityTick(e.price),
    pricePrecision: 2,
    freezeQty: 0,
  };
}

/** NSE cash listings (`RELIANCE-EQ`) of every reference company. */
export function nseEquities(): SimInstrument[] {
  return EQUITIES.map((e) => cashListing(e, 'NSE', e.nseToken, `${e.symbol}-EQ`));
}

/** BSE listings (scrip code as token, symbol without `-EQ`) of the companies that carry a BSE code. */
export function bseEquities(): SimInstrument[] {
  return EQUITIES.flatMap((e) =>
    e.bseCode === undefined ? [] : [cashListing(e, 'BSE', e.bseCode, e.symbol)],
  );
}

/**
 * Indices, quoted but not tradable: kind INDEX, segment IDX, lot size 1 and tick 0.05 as in the real
 * security master; what marks them untradable is their kind (see `isTradable`).
 */
export function indices(): SimInstrument[] {
  return INDICES.map((i) => ({
    exchange: i.exchange,
    token: i.token,
    tradingSymbol: i.tradingSymbol,
    symbolName: i.symbolName,
    companyName: i.tradingSymbol,
    kind: 'INDEX',
    segment: 'IDX',
    isin: '',
    lotSize: 1,
    tickSize: INDEX_TICK,
    pricePrecision: 2,
    freezeQty: 0,
  }));
}

/** False for indices: they are quoted, never ordered. */
export function isTradable(instrument: SimInstrument): boolean {
  return instrument.kind !== 'INDEX';
}

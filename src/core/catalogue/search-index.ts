import { EXCHANGES, type Exchange, INSTRUMENT_KINDS } from '../vocabulary/index.js';
import type { Instrument } from './instrument.js';
import { compactKey, forEachTrigram, Postings, prefixCode } from './text.js';
import { FuzzyVocabulary } from './vocabulary.js';

/** The longest prefix that has its own posting list; longer prefixes are verified against trigram lists. */
export const PREFIX_DEPTH = 3;

/** A sorted list of ids. */
export type IdList = ArrayLike<number>;

/**
 * Everything lookups and search need, built once at load. Ids are positions in `items`, which are in
 * the catalogue's rank order, so every posting list is already sorted best first and a query can stop
 * as soon as it has enough matches.
 */
export interface SearchIndex {
  readonly items: readonly Instrument[];
  /** Compact trading symbol and symbol name per id. */
  readonly symbolKeys: readonly string[];
  readonly nameKeys: readonly string[];
  /** Exchange and kind per id, as positions in `EXCHANGES` and `INSTRUMENT_KINDS`, for filters. */
  readonly exchangeCodes: Uint8Array;
  readonly kindCodes: Uint8Array;
  /** The last id of each exchange and of each kind (-1 when none): lists sorted by id can stop there. */
  readonly lastIdByExchange: Int32Array;
  readonly lastIdByKind: Int32Array;
  /** Per exchange: upper-case trading symbol → id, and token → id. */
  readonly symbols: ReadonlyMap<Exchange, ReadonlyMap<string, number>>;
  readonly tokens: ReadonlyMap<Exchange, ReadonlyMap<string, number>>;
  /** Compact symbols that differ from the trading symbol (`RELIANCEEQ`, `NIFTY50`) → ids. */
  readonly compactSymbols: ReadonlyMap<string, IdList>;
  /** Compact symbol names → ids. */
  readonly names: ReadonlyMap<string, IdList>;
  /** First 1..PREFIX_DEPTH characters of either key (by `prefixCode`). */
  readonly prefixes: Postings;
  /** Trigrams of either key (by trigram code). */
  readonly grams: Postings;
  readonly vocabulary: FuzzyVocabulary;
}

/**
 * Builds the index over instruments sorted in rank order; an instrument whose exchange and symbol or
 * token is already taken is left out and its position reported in `duplicates`.
 */
export function buildSearchIndex(sorted: readonly Instrument[]): {
  index: SearchIndex;
  duplicates: number[];
} {
  const symbols = new Map<Exchange, Map<string, number>>(EXCHANGES.map((e) => [e, new Map()]));
  const tokens = new Map<Exchange, Map<string, number>>(EXCHANGES.map((e) => [e, new Map()]));
  const items: Instrument[] = [];
  const duplicates: number[] = [];
  sorted.forEach((instrument, position) => {
    const bySymbol = symbols.get(instrument.exchange);
    const byToken = tokens.get(instrument.exchange);
    const symbol = instrument.tradingSymbol.toUpperCase();
    if (!bySymbol || !byToken || bySymbol.has(symbol) || byToken.has(instrument.token)) {
      duplicates.push(position);
      return;
    }
    bySymbol.set(symbol, items.length);
    byToken.set(instrument.token, items.length);
    items.push(instrument);
  });

  const symbolKeys = items.map((i) => compactKey(i.tradingSymbol));
  const nameKeys = items.map((i) => compactKey(i.symbolName));
  const compactSymbols = new Map<string, number[]>();
  const names = new Map<string, number[]>();
  symbolKeys.forEach((key, id) => {
    if (key !== items[id]?.tradingSymbol) addId(compactSymbols, key, id);
  });
  nameKeys.forEach((key, id) => {
    addId(names, key, id);
  });
  // Typos are matched against the names people type: underlyings, plus cash symbols that are not their
  // name with a series suffix (`NIFTYBANK` for BANKNIFTY, not `RELIANCEEQ`, which would crowd the index).
  const cashSymbols = new Map<string, number[]>();
  items.forEach((instrument, id) => {
    const key = symbolKeys[id] ?? '';
    const cash = instrument.kind === 'EQ' || instrument.kind === 'INDEX';
    if (cash && !names.has(key) && !key.startsWith(nameKeys[id] ?? key)) addId(cashSymbols, key, id);
  });
  const words = new Map<string, readonly number[]>([...names, ...cashSymbols]);

  const exchangeCodes = Uint8Array.from(items, (i) => EXCHANGES.indexOf(i.exchange));
  const kindCodes = Uint8Array.from(items, (i) => INSTRUMENT_KINDS.indexOf(i.kind));
  const lastIdByExchange = new Int32Array(EXCHANGES.length).fill(-1);
  const lastIdByKind = new Int32Array(INSTRUMENT_KINDS.length).fill(-1);
  items.forEach((_, id) => {
    lastIdByExchange[exchangeCodes[id] ?? 0] = id;
    lastIdByKind[kindCodes[id] ?? 0] = id;
  });
  const index: SearchIndex = {
    items,
    symbolKeys,
    nameKeys,
    exchangeCodes,
    kindCodes,
    lastIdByExchange,
    lastIdByKind,
    symbols,
    tokens,
    compactSymbols,
    names,
    prefixes: new Postings(items.length, (id, emit) => {
      for (const key of [symbolKeys[id] ?? '', nameKeys[id] ?? '']) {
        for (let n = 1; n <= Math.min(PREFIX_DEPTH, key.length); n++) emit(prefixCode(key, n));
      }
    }),
    // Postings drop repeated codes per id, so a name inside its symbol costs nothing extra.
    grams: new Postings(items.length, (id, emit) => {
      forEachTrigram(symbolKeys[id] ?? '', emit);
      forEachTrigram(nameKeys[id] ?? '', emit);
    }),
    vocabulary: new FuzzyVocabulary(words),
  };
  return { index, duplicates };
}

/** Sorted id lists whose symbol, compact symbol, symbol name or token is exactly `key` (compact). */
export function exactLists(index: SearchIndex, key: string): IdList[] {
  const out: IdList[] = [];
  for (const exchange of EXCHANGES) {
    const bySymbol = index.symbols.get(exchange)?.get(key);
    if (bySymbol !== undefined) out.push([bySymbol]);
    const byToken = index.tokens.get(exchange)?.get(key);
    if (byToken !== undefined) out.push([byToken]);
  }
  for (const list of [index.compactSymbols.get(key), index.names.get(key)]) if (list) out.push(list);
  return out;
}

function addId(map: Map<string, number[]>, key: string, id: number): void {
  if (key === '') return;
  const ids = map.get(key);
  if (ids === undefined) map.set(key, [id]);
  else if (ids[ids.length - 1] !== id) ids.push(id);
}

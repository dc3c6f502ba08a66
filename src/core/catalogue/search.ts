import { EXCHANGES, type Exchange, INSTRUMENT_KINDS, type InstrumentKind } from '../vocabulary/index.js';
import { HitCollector, type RankedHit } from './collector.js';
import { type ParsedQuery, parseQuery } from './query.js';
import { exactLists, type IdList, PREFIX_DEPTH, type SearchIndex } from './search-index.js';
import { NO_IDS, prefixCode, trigramCodes } from './text.js';

/** Options of a catalogue search. */
export interface SearchOptions {
  /** Most hits to return (default 10, at most 100). */
  readonly limit?: number;
  readonly exchange?: Exchange;
  readonly kinds?: readonly InstrumentKind[];
}

const OPTION_KINDS = new Set([INSTRUMENT_KINDS.indexOf('OPTIDX'), INSTRUMENT_KINDS.indexOf('OPTSTK')]);
const FUTURE_KINDS = new Set([INSTRUMENT_KINDS.indexOf('FUTIDX'), INSTRUMENT_KINDS.indexOf('FUTSTK')]);

/**
 * Ranks instruments for a query: exact key or token, then prefix, then substring (every word of a
 * multi-word query), then typo-tolerant matches; ties keep the catalogue's rank order. Each tier walks
 * the shortest posting list that can hold its matches and stops as soon as the limit is reached.
 */
export function rankedSearch(index: SearchIndex, query: string, options: SearchOptions = {}): RankedHit[] {
  const q = parseQuery(query);
  if (q.whole === '') return [];
  if (q.exchange !== undefined && options.exchange !== undefined && q.exchange !== options.exchange) {
    return [];
  }
  const limit = Math.max(1, Math.min(100, Math.trunc(options.limit ?? 10)));
  const exchange = q.exchange ?? options.exchange;
  const filter = filterFor(index, exchange === undefined ? options : { ...options, exchange });
  const hits = new HitCollector(limit, filter.accept, filter.ceiling);
  const { symbolKeys: symbols, nameKeys: names } = index;
  const whole = q.whole;

  hits.merge(exactLists(index, whole), 'exact');
  if (whole.length <= PREFIX_DEPTH) hits.scan(index.prefixes.get(prefixCode(whole, whole.length)), 'prefix');
  else {
    const driving = shortest([
      index.prefixes.get(prefixCode(whole, PREFIX_DEPTH)),
      ...gramLists(index, whole),
    ]);
    hits.scan(driving, 'prefix', (id) => startsWith(symbols[id], whole) || startsWith(names[id], whole));
  }
  if (whole.length >= 3) {
    const driving = shortest(gramLists(index, whole));
    hits.scan(driving, 'substring', (id) => includes(symbols[id], whole) || includes(names[id], whole));
  }
  const multi = q.words.length > 1 || q.words.join('') !== whole;
  if (multi) {
    const driving = wordsDriving(index, q.words);
    const all = matchesAll(index, q, q.words);
    // Instruments that start with one of the words (`nifty 24000 ce`: NIFTY… before FINNIFTY…) rank first.
    const leading = (id: number): boolean =>
      q.words.some((w) => startsWith(symbols[id], w) || startsWith(names[id], w)) && all(id);
    hits.scan(driving, 'prefix', leading);
    hits.scan(driving, 'substring', all);
  }
  if (!hits.full) fuzzy(index, q, hits);
  return hits.hits;
}

/** Typo-tolerant tier: a long word against the vocabulary, while the other words must still appear. */
function fuzzy(index: SearchIndex, q: ParsedQuery, hits: HitCollector): void {
  if (q.words.length <= 1 && q.words[0] === q.whole) {
    fuzzyWord(index, q.whole, hits);
    return;
  }
  const targets = [...q.words].sort((a, b) => b.length - a.length).slice(0, 2);
  for (const target of targets) {
    const rest = q.words.filter((w) => w !== target);
    fuzzyWord(index, target, hits, matchesAll(index, q, rest));
  }
}

function fuzzyWord(
  index: SearchIndex,
  word: string,
  hits: HitCollector,
  test?: (id: number) => boolean,
): void {
  const matches = index.vocabulary.match(word);
  for (let i = 0; i < matches.length && !hits.full; ) {
    const score = matches[i]?.score;
    const group: IdList[] = [];
    for (; i < matches.length && matches[i]?.score === score; i++) group.push(matches[i]?.ids ?? NO_IDS);
    hits.merge(group, 'fuzzy', test);
  }
}

/** The caller's filters as a test, and the largest id that can pass it (ids are in rank order). */
function filterFor(
  index: SearchIndex,
  options: SearchOptions,
): { accept: (id: number) => boolean; ceiling: number } {
  const exchange = options.exchange === undefined ? -1 : EXCHANGES.indexOf(options.exchange);
  const kinds = options.kinds?.map((k) => INSTRUMENT_KINDS.indexOf(k));
  if (exchange < 0 && kinds === undefined) return { accept: () => true, ceiling: Number.POSITIVE_INFINITY };
  const kindSet = new Set(kinds);
  const byExchange = exchange < 0 ? Number.POSITIVE_INFINITY : (index.lastIdByExchange[exchange] ?? -1);
  const byKind =
    kinds === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(-1, ...kinds.map((k) => index.lastIdByKind[k] ?? -1));
  return {
    accept: (id) =>
      (exchange < 0 || index.exchangeCodes[id] === exchange) &&
      (kinds === undefined || kindSet.has(index.kindCodes[id] ?? -1)),
    ceiling: Math.min(byExchange, byKind),
  };
}

/** Every word appears in the symbol or the name, and the kind words hold. */
function matchesAll(index: SearchIndex, q: ParsedQuery, words: readonly string[]): (id: number) => boolean {
  return (id) => {
    const kind = index.kindCodes[id] ?? -1;
    if (q.futures && !FUTURE_KINDS.has(kind)) return false;
    if (
      q.optionType !== undefined &&
      (!OPTION_KINDS.has(kind) || index.items[id]?.optionType !== q.optionType)
    ) {
      return false;
    }
    const symbol = index.symbolKeys[id] ?? '';
    const name = index.nameKeys[id] ?? '';
    return words.every((w) => symbol.includes(w) || name.includes(w));
  };
}

/** The shortest list every multi-word match must be on: a trigram of a long word, or a short word's prefix. */
function wordsDriving(index: SearchIndex, words: readonly string[]): IdList {
  const long = words.filter((w) => w.length >= 3);
  if (long.length > 0) return shortest(long.flatMap((w) => gramLists(index, w)));
  return shortest(words.map((w) => index.prefixes.get(prefixCode(w, w.length))));
}

function gramLists(index: SearchIndex, key: string): IdList[] {
  return trigramCodes(key).map((gram) => index.grams.get(gram));
}

function shortest(lists: readonly IdList[]): IdList {
  let best: IdList | undefined;
  for (const list of lists) if (best === undefined || list.length < best.length) best = list;
  return best ?? NO_IDS;
}

function startsWith(key: string | undefined, part: string): boolean {
  return key?.startsWith(part) === true;
}

function includes(key: string | undefined, part: string): boolean {
  return key?.includes(part) === true;
}

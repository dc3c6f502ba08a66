import { EXCHANGES, type Exchange } from '../vocabulary/index.js';
import type { MatchTier } from './collector.js';
import type { Instrument } from './instrument.js';
import type { SearchOptions } from './search.js';
import { compactKey, decodeSymbol } from './text.js';

/** Options of `resolve`: restrict to one exchange. */
export interface ResolveOptions {
  readonly exchange?: Exchange;
}

/** One instrument, or up to five candidates to offer as "did you mean". */
export type Resolution =
  | { readonly status: 'found'; readonly instrument: Instrument }
  | { readonly status: 'ambiguous' | 'not-found'; readonly candidates: readonly Instrument[] };

/** How many candidates an unresolved input offers. */
export const MAX_CANDIDATES = 5;

// NSE first: it is where most cash volume trades and what people mean by a bare symbol.
const PREFERENCE: readonly Exchange[] = ['NSE', 'BSE', 'NFO'];

/** The lookups resolution needs from a catalogue (kept narrow, so resolution does not depend on it). */
export interface CatalogLookups {
  getByToken(exchange: Exchange, token: string): Instrument | undefined;
  getBySymbol(exchange: Exchange, tradingSymbol: string): Instrument | undefined;
  cashWithSymbolName(name: string): Instrument[];
  search(
    query: string,
    options: SearchOptions,
  ): ReadonlyArray<{ readonly instrument: Instrument; readonly match: MatchTier }>;
}

/**
 * Resolves `RELIANCE`, `reliance`, `NSE:RELIANCE`, `NSE:RELIANCE-EQ`, `2885`, `M%26M-EQ` or a derivative
 * symbol: a token (NSE first), then an exact symbol, then the `-EQ` series, exchange by exchange; then the
 * only cash instrument of that name; else candidates from search.
 */
export function resolveInstrument(
  catalog: CatalogLookups,
  input: string,
  options: ResolveOptions = {},
): Resolution {
  const text = decodeSymbol(input).trim().replace(/\s+/g, ' ');
  const prefixed = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(text);
  let exchange = options.exchange;
  let symbol = text;
  if (prefixed) {
    const named = (prefixed[1] ?? '').toUpperCase();
    if (!isExchange(named) || (exchange !== undefined && exchange !== named)) return notFound([]);
    exchange = named;
    symbol = prefixed[2] ?? '';
  }
  if (symbol === '') return notFound([]);
  const exchanges = exchange === undefined ? PREFERENCE : [exchange];
  const upper = symbol.toUpperCase();

  if (/^\d+$/.test(symbol)) {
    for (const ex of exchanges) {
      const byToken = catalog.getByToken(ex, symbol);
      if (byToken) return found(byToken);
    }
  }
  for (const ex of exchanges) {
    const exact =
      catalog.getBySymbol(ex, upper) ?? (ex === 'NFO' ? undefined : catalog.getBySymbol(ex, `${upper}-EQ`));
    if (exact) return found(exact);
  }
  const named = catalog.cashWithSymbolName(compactKey(upper)).filter((i) => exchanges.includes(i.exchange));
  for (const ex of exchanges) {
    const onExchange = named.filter((i) => i.exchange === ex);
    if (onExchange.length === 1 && onExchange[0] !== undefined) return found(onExchange[0]);
    if (onExchange.length > 1) break;
  }

  const hits = catalog.search(symbol, {
    limit: MAX_CANDIDATES,
    ...(exchange === undefined ? {} : { exchange }),
  });
  const exact = hits.filter((h) => h.match === 'exact');
  if (exact.length === 1 && exact[0] !== undefined) return found(exact[0].instrument);
  const candidates = hits.map((h) => h.instrument);
  return exact.length > 1 ? { status: 'ambiguous', candidates } : notFound(candidates);
}

function found(instrument: Instrument): Resolution {
  return { status: 'found', instrument };
}

function notFound(candidates: readonly Instrument[]): Resolution {
  return { status: 'not-found', candidates };
}

function isExchange(value: string): value is Exchange {
  return (EXCHANGES as readonly string[]).includes(value);
}

import type { Exchange } from '../vocabulary/index.js';
import type { MatchTier } from './collector.js';
import { type Instrument, instrumentKey, isDerivative, rankKey } from './instrument.js';
import { type Resolution, type ResolveOptions, resolveInstrument } from './resolve.js';
import { rankedSearch, type SearchOptions } from './search.js';
import { buildSearchIndex, type SearchIndex } from './search-index.js';

/** How many problems a load report keeps verbatim; the rest are only counted. */
export const MAX_REPORTED_PROBLEMS = 10;

/** A row that could not be read, with the line it starts on. */
export interface RowProblem {
  readonly line: number;
  readonly reason: string;
}

/** What a load made of the file: rows read, instruments kept, rows skipped and the first few reasons. */
export interface CatalogReport {
  readonly rows: number;
  readonly loaded: number;
  readonly skipped: number;
  readonly problems: readonly RowProblem[];
}

/** Where the instruments came from, so duplicates can be reported by line. */
export interface CatalogSource {
  readonly rows: number;
  readonly skipped: number;
  readonly problems: readonly RowProblem[];
  /** The line of each instrument passed in. */
  readonly lines: readonly number[];
}

/** One search result: the instrument and how it matched the query. */
export interface SearchHit {
  readonly instrument: Instrument;
  readonly match: MatchTier;
}

/**
 * The instrument master in memory: exact lookups by symbol or token, resolution of what people type,
 * and ranked search; all indexes are built once here, so no query scans every row.
 */
export class InstrumentCatalog {
  /** What the load made of the file (duplicates of an exchange's symbol or token count as skipped). */
  readonly report: CatalogReport;
  /** Why there are no instruments at all, when that is on purpose (no master is configured). */
  readonly missing: string | undefined;
  readonly #index: SearchIndex;

  /** Builds the catalogue; of two instruments with the same exchange and symbol or token, the better-ranked stays. */
  constructor(instruments: readonly Instrument[], source?: CatalogSource, missing?: string) {
    this.missing = missing;
    const order = instruments.map((instrument, position) => ({ key: rankKey(instrument), position }));
    order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const sorted = order.map((o) => instruments[o.position] as Instrument);
    const { index, duplicates } = buildSearchIndex(sorted);
    this.#index = index;
    const problems = [...(source?.problems ?? [])];
    const lines = duplicates.map((d) => source?.lines[order[d]?.position ?? -1] ?? 0).sort((a, b) => a - b);
    for (const [k, line] of lines.entries()) {
      if (problems.length >= MAX_REPORTED_PROBLEMS) break;
      problems.push({ line, reason: `duplicate ${instrumentKey(sorted[duplicates[k] ?? 0] as Instrument)}` });
    }
    problems.sort((a, b) => a.line - b.line);
    this.report = {
      rows: source?.rows ?? instruments.length,
      loaded: index.items.length,
      skipped: (source?.skipped ?? 0) + duplicates.length,
      problems,
    };
  }

  /** A catalogue without instruments, saying why (`reason`) wherever a name cannot be resolved. */
  static none(reason: string): InstrumentCatalog {
    return new InstrumentCatalog([], undefined, reason);
  }

  /** Number of instruments. */
  get size(): number {
    return this.#index.items.length;
  }

  /** Every instrument, in rank order (cash first, nearer expiry first). */
  all(): readonly Instrument[] {
    return this.#index.items;
  }

  /** Exact lookup by `EXCHANGE:TRADINGSYMBOL` or `EXCHANGE:TOKEN` (symbol first; case-insensitive). */
  get(key: string): Instrument | undefined {
    const at = key.indexOf(':');
    if (at <= 0) return undefined;
    const exchange = key.slice(0, at).trim().toUpperCase() as Exchange;
    const rest = key.slice(at + 1).trim();
    return this.getBySymbol(exchange, rest) ?? this.getByToken(exchange, rest);
  }

  /** Exact lookup by exchange and token. */
  getByToken(exchange: Exchange, token: string): Instrument | undefined {
    return this.#item(this.#index.tokens.get(exchange)?.get(token.trim()));
  }

  /** Exact lookup by exchange and trading symbol (case-insensitive). */
  getBySymbol(exchange: Exchange, tradingSymbol: string): Instrument | undefined {
    return this.#item(this.#index.symbols.get(exchange)?.get(tradingSymbol.trim().toUpperCase()));
  }

  /** Ranked search for autocomplete: exact, prefix, substring, then typo-tolerant matches. */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    return rankedSearch(this.#index, query, options).map((hit) => ({
      instrument: this.#index.items[hit.id] as Instrument,
      match: hit.match,
    }));
  }

  /** Resolves what a person or a model typed to one instrument, or to "did you mean" candidates. */
  resolve(input: string, options: ResolveOptions = {}): Resolution {
    return resolveInstrument(this, input, options);
  }

  /** Cash instruments (equities, indices) whose compact symbol name is exactly `name`, in rank order. */
  cashWithSymbolName(name: string): Instrument[] {
    const out: Instrument[] = [];
    const ids = this.#index.names.get(name) ?? [];
    // Cash ranks before derivatives, so the first derivative ends the cash part of the list.
    for (let i = 0; i < ids.length; i++) {
      const instrument = this.#item(ids[i]);
      if (instrument === undefined || isDerivative(instrument.kind)) break;
      out.push(instrument);
    }
    return out;
  }

  #item(id: number | undefined): Instrument | undefined {
    return id === undefined ? undefined : this.#index.items[id];
  }
}

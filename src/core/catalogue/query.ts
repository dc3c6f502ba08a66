import { EXCHANGES, type Exchange, type OptionType } from '../vocabulary/index.js';
import { compactKey, decodeSymbol } from './text.js';

/** A search query taken apart: the whole of it compacted, its words, and the kind words it carried. */
export interface ParsedQuery {
  /** The whole query as one compact key (`nifty 50` → `NIFTY50`). */
  readonly whole: string;
  /** Compact words, without the kind words below. */
  readonly words: readonly string[];
  readonly optionType?: OptionType;
  /** The query asked for futures (`fut`). */
  readonly futures: boolean;
  /** The exchange the query named (`NSE:INFY`). */
  readonly exchange?: Exchange;
}

const KIND_WORDS: Readonly<Record<string, { readonly optionType?: OptionType; readonly futures?: true }>> = {
  CE: { optionType: 'CE' },
  CALL: { optionType: 'CE' },
  PE: { optionType: 'PE' },
  PUT: { optionType: 'PE' },
  FUT: { futures: true },
  FUTURE: { futures: true },
  FUTURES: { futures: true },
};

/** Parses what a person or a model typed into a search box. */
export function parseQuery(query: string): ParsedQuery {
  const decoded = decodeSymbol(query);
  const prefixed = /^\s*([A-Za-z]{3})\s*:(.*)$/s.exec(decoded);
  const named = prefixed?.[1]?.toUpperCase();
  if (prefixed && (EXCHANGES as readonly string[]).includes(named ?? '')) {
    return { ...parseWords(prefixed[2] ?? ''), exchange: named as Exchange };
  }
  return parseWords(decoded);
}

function parseWords(text: string): ParsedQuery {
  const words = text
    .split(/[\s,]+/)
    .map(compactKey)
    .filter((w) => w.length > 0);
  const plain = words.filter((w) => KIND_WORDS[w] === undefined);
  // Kind words only filter when something else names the instrument (`ce` alone is a search for "CE").
  if (plain.length === 0 || plain.length === words.length) {
    return { whole: compactKey(text), words, futures: false };
  }
  let optionType: OptionType | undefined;
  let futures = false;
  for (const w of words) {
    const kind = KIND_WORDS[w];
    if (kind?.optionType !== undefined) optionType = kind.optionType;
    if (kind?.futures === true) futures = true;
  }
  const parsed = { whole: compactKey(text), words: plain, futures };
  return optionType === undefined ? parsed : { ...parsed, optionType };
}

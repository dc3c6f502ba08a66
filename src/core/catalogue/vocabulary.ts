import { allowedEdits, editDistances } from './distance.js';
import { forEachTrigram, Postings, trigramCodes } from './text.js';

/** A vocabulary word close to a query: the instruments it names (sorted ids) and how close it is. */
export interface FuzzyMatch {
  readonly ids: ArrayLike<number>;
  /** Edits needed; half an edit more when only a prefix of the word matched. */
  readonly score: number;
}

// Verifying every word that shares a trigram would be slow for short queries; the best few suffice.
const MAX_CANDIDATES = 64;

/**
 * The distinct words people type for instruments (underlying names, cash symbols), with a padded-trigram
 * index, for typo-tolerant lookups that stay fast however large the master is.
 */
export class FuzzyVocabulary {
  readonly #words: string[];
  readonly #ids: ReadonlyArray<ArrayLike<number>>;
  readonly #grams: Postings;
  readonly #counts: Uint16Array;

  constructor(words: ReadonlyMap<string, ArrayLike<number>>) {
    this.#words = [...words.keys()];
    this.#ids = [...words.values()];
    this.#grams = new Postings(this.#words.length, (w, emit) => forEachTrigram(`^${this.#words[w]}$`, emit));
    this.#counts = new Uint16Array(this.#words.length);
  }

  /** Words within the allowed edits of `query` (already compacted), best first. */
  match(query: string): FuzzyMatch[] {
    if (query.length < 3) return [];
    const max = allowedEdits(query.length);
    const candidates = this.#candidates(trigramCodes(`^${query}$`));
    const out: FuzzyMatch[] = [];
    for (const w of candidates) {
      const word = this.#words[w] ?? '';
      const d = editDistances(query, word, max);
      const prefix = query.length >= 4 ? d.prefix + 0.5 : Number.POSITIVE_INFINITY;
      const score = Math.min(d.full, prefix);
      if (score <= max) out.push({ ids: this.#ids[w] ?? [], score });
    }
    return out.sort((a, b) => a.score - b.score || (a.ids[0] ?? 0) - (b.ids[0] ?? 0));
  }

  /** Words sharing the most trigrams with the query, counted through the postings, not by scanning. */
  #candidates(grams: readonly number[]): number[] {
    const counts = this.#counts;
    const touched: number[] = [];
    for (const gram of grams) {
      for (const w of this.#grams.get(gram)) {
        if (counts[w] === 0) touched.push(w);
        counts[w] = (counts[w] ?? 0) + 1;
      }
    }
    const buckets: number[][] = Array.from({ length: grams.length + 1 }, () => []);
    for (const w of touched) {
      buckets[counts[w] ?? 0]?.push(w);
      counts[w] = 0;
    }
    const out: number[] = [];
    for (let shared = grams.length; shared >= 1 && out.length < MAX_CANDIDATES; shared--) {
      for (const w of buckets[shared] ?? []) {
        if (out.length >= MAX_CANDIDATES) break;
        out.push(w);
      }
    }
    return out;
  }
}

import { instrumentKey } from '../../core/catalogue/index.js';
import { firstSuggestions, SHOWN_SUGGESTIONS } from '../completions.js';
import type { ResolvedDeps } from '../context.js';

/** Instruments of the catalogue matching what was typed, best first, as keys a tool takes. */
export async function completeInstrument(ready: Promise<ResolvedDeps>, typed: string): Promise<string[]> {
  const query = typed.trim();
  if (query === '') return [];
  const hits = (await ready).catalog().search(query, { limit: SHOWN_SUGGESTIONS + 1 });
  return hits.map((h) => instrumentKey(h.instrument));
}

/** The words of a closed list that start with what was typed, in any case. */
export function completeWord(words: readonly string[], typed: string): string[] {
  const start = typed.trim().toUpperCase();
  return firstSuggestions(words.filter((w) => w.toUpperCase().startsWith(start)));
}

/** Decodes URL escapes that models and links put in symbols (`M%26M-EQ` → `M&M-EQ`), tolerating a stray `%`. */
export function decodeSymbol(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%26/gi, '&').replace(/%20/g, ' ');
  }
}

/** The form every key and query is compared in: upper case, letters, digits and `&` only. */
export function compactKey(text: string): string {
  const upper = text.toUpperCase();
  return /^[A-Z0-9&]*$/.test(upper) ? upper : upper.replace(/[^A-Z0-9&]/g, '');
}

// Characters of compact keys (plus the ^ and $ word ends) as 1..39, so a trigram is one integer below
// 40^3 and the indexes are typed arrays rather than maps of millions of short strings.
const BASE = 40;
const CODES = new Int8Array(128);
[...'&0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ^$'].forEach((c, i) => {
  CODES[c.charCodeAt(0)] = i + 1;
});

/** Number of distinct trigram (and prefix) codes. */
export const GRAM_SPACE = BASE ** 3;

function code(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c < 128 ? (CODES[c] ?? 0) : 0;
}

/** Calls `emit` with the code of every three-character window of `key` (repeats included). */
export function forEachTrigram(key: string, emit: (gram: number) => void): void {
  if (key.length < 3) return;
  let a = code(key, 0);
  let b = code(key, 1);
  for (let i = 2; i < key.length; i++) {
    const c = code(key, i);
    emit(a * BASE * BASE + b * BASE + c);
    a = b;
    b = c;
  }
}

/** The distinct trigram codes of a key. */
export function trigramCodes(key: string): number[] {
  const out = new Set<number>();
  forEachTrigram(key, (gram) => out.add(gram));
  return [...out];
}

/** The code of a key's first one to three characters, in the same space as trigrams but distinct from them. */
export function prefixCode(key: string, length: number): number {
  let out = 0;
  for (let i = 0; i < 3; i++) out = out * BASE + (i < length && i < key.length ? code(key, i) : 0);
  return out;
}

/** Sorted id lists per integer code, stored flat (offsets into one array); built in two passes. */
export class Postings {
  readonly #offsets: Int32Array;
  readonly #ids: Int32Array;

  /** `visit(id, emit)` is called twice per id, in increasing id order, and must emit the same codes. */
  constructor(count: number, visit: (id: number, emit: (code: number) => void) => void) {
    const sizes = new Int32Array(GRAM_SPACE + 1);
    const last = new Int32Array(GRAM_SPACE).fill(-1);
    for (let id = 0; id < count; id++) {
      visit(id, (c) => {
        if (last[c] !== id) {
          last[c] = id;
          sizes[c + 1] = (sizes[c + 1] ?? 0) + 1;
        }
      });
    }
    for (let c = 1; c <= GRAM_SPACE; c++) sizes[c] = (sizes[c] ?? 0) + (sizes[c - 1] ?? 0);
    this.#offsets = sizes;
    this.#ids = new Int32Array(sizes[GRAM_SPACE] ?? 0);
    const fill = sizes.slice(0, GRAM_SPACE);
    last.fill(-1);
    for (let id = 0; id < count; id++) {
      visit(id, (c) => {
        if (last[c] !== id) {
          last[c] = id;
          const at = fill[c] ?? 0;
          this.#ids[at] = id;
          fill[c] = at + 1;
        }
      });
    }
  }

  /** The ids under a code, in increasing order (a view, not a copy). */
  get(code: number): Int32Array {
    return this.#ids.subarray(this.#offsets[code] ?? 0, this.#offsets[code + 1] ?? 0);
  }
}

/** The shared empty posting list. */
export const NO_IDS: Int32Array = new Int32Array(0);

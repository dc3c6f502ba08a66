import { type AuditEntry, carriesItsHash, GENESIS } from './entry.js';

/** One checked line: its entry, or what is wrong with it. */
export type ChainStep = { readonly entry: AuditEntry } | { readonly problem: string };

/**
 * Checks an audit log line by line as it streams past: JSON, sequence, link to the previous line and own
 * hash. Keeps only the running head, so a log of any length checks in constant memory.
 */
export class ChainVerifier {
  #count: number;
  #head: string;

  /** Starts at the beginning, or after `start.count` lines whose last hash was `start.head`. */
  constructor(start: { readonly count: number; readonly head: string } = { count: 0, head: GENESIS }) {
    this.#count = start.count;
    this.#head = start.head;
  }

  /** Lines accepted so far. */
  get count(): number {
    return this.#count;
  }

  /** Hash of the last accepted line (`GENESIS` before the first). */
  get head(): string {
    return this.#head;
  }

  /** Checks the next line; an accepted line advances the chain. */
  next(line: string): ChainStep {
    let entry: AuditEntry;
    try {
      entry = JSON.parse(line) as AuditEntry;
    } catch {
      return { problem: 'not valid JSON (a partial write or an edit)' };
    }
    if (entry === null || typeof entry !== 'object') return { problem: 'not an audit entry' };
    if (entry.seq !== this.#count + 1)
      return { problem: `sequence ${String(entry.seq)} where ${this.#count + 1} was expected` };
    if (entry.prev !== this.#head)
      return { problem: 'does not link to the line before (a line was removed, reordered or edited)' };
    if (!carriesItsHash(entry))
      return { problem: 'its content does not match its hash (the line was edited)' };
    this.#count += 1;
    this.#head = entry.hash;
    return { entry };
  }
}

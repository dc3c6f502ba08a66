/** Field names whose values are secrets wherever they appear (the broker's `token` is an instrument id, not one). */
export const SECRET_KEYS: ReadonlySet<string> = new Set(
  [
    'password',
    'jkey',
    'susertoken',
    'apikey',
    'totp',
    'totpsecret',
    'dobnpan',
    'authorization',
    'discordtoken',
    'mcptoken',
    'bearer',
    'secret',
  ].map((key) => key.toLowerCase()),
);

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** A session key written as a field in any text, JSON or not (`"susertoken":"…"`, `jKey=…`). */
const SESSION_KEY_IN_TEXT = /["']?\b(?:susertoken|jkey)\b["']?\s*[:=]\s*["']?([^\s"',;&{}[\]<>]+)/gi;

/**
 * A secret field name, or `__proto__`, written as a whole JSON string (`"jKey"`), in any case. Unicode
 * case folding also catches names that only lower-case to one (the Kelvin sign in `"j\u212Aey"`), as
 * `toLowerCase` does.
 */
const SECRET_NAME_QUOTED = new RegExp(`"(?:__proto__|${[...SECRET_KEYS].join('|')})"`, 'iu');

/** Harvested values shorter than this are not taken for keys (they would mangle ordinary text). */
const MIN_HARVESTED_LENGTH = 8;

/**
 * Knows the secret values of this process (credentials, session keys) and removes them from any text
 * or structure before it is logged, returned or stored.
 */
export class Redactor {
  readonly #values = new Set<string>();
  /** The values longest first, so a secret known also by a prefix of it leaves no tail behind. */
  #ordered: string[] = [];

  /** Registers secret values; values shorter than 4 characters are ignored (they would mangle text). */
  add(...values: ReadonlyArray<string | undefined>): void {
    let added = false;
    for (const value of values) {
      if (value === undefined || value.length < 4 || this.#values.has(value)) continue;
      this.#values.add(value);
      added = true;
    }
    if (added) this.#ordered = [...this.#values].sort((a, b) => b.length - a.length);
  }

  /**
   * Registers every session key written in `text` (an answer the client may be unable to parse), so it
   * is redacted before anything about that answer is reported.
   */
  harvest(text: string): void {
    if (!/susertoken|jkey/i.test(text)) return;
    for (const match of text.matchAll(SESSION_KEY_IN_TEXT)) {
      const value = match[1];
      if (value !== undefined && value.length >= MIN_HARVESTED_LENGTH) this.add(value);
    }
  }

  /** The text with every known secret value replaced. */
  text(input: string): string {
    let out = input;
    for (const value of this.#ordered) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  }

  /** A deep copy with secret-named fields and known secret values replaced. */
  value<T>(input: T): T {
    return this.#walk(input, new WeakSet()) as T;
  }

  /**
   * `value(parsed)` for `parsed = JSON.parse(text)`, skipping the walk when the text proves it would
   * change nothing: no escape sequence (which could spell a name or a secret otherwise), no secret field
   * name as a quoted string, no known secret value, no `__proto__` key. Every key and string of `parsed`
   * is then a piece of `text`, so none is secret; `parsed` itself is returned (nothing else holds it).
   */
  json<T>(parsed: T, text: string): T {
    return this.#clean(text) ? parsed : this.value(parsed);
  }

  #clean(text: string): boolean {
    if (text.includes('\\') || SECRET_NAME_QUOTED.test(text)) return false;
    for (const value of this.#ordered) if (text.includes(value)) return false;
    return true;
  }

  #walk(input: unknown, seen: WeakSet<object>): unknown {
    if (typeof input === 'string') return this.text(input);
    if (input === null || typeof input !== 'object') return input;
    if (seen.has(input)) return '[circular]';
    seen.add(input);
    if (Array.isArray(input)) return input.map((item) => this.#walk(item, seen));
    if (input instanceof Error) return this.text(`${input.name}: ${input.message}`);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) {
      out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : this.#walk(item, seen);
    }
    return out;
  }
}

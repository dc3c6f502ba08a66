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

/**
 * Knows the secret values of this process (credentials, session keys) and removes them from any text
 * or structure before it is logged, returned or stored.
 */
export class Redactor {
  readonly #values = new Set<string>();

  /** Registers secret values; values shorter than 4 characters are ignored (they would mangle text). */
  add(...values: ReadonlyArray<string | undefined>): void {
    for (const value of values) if (value !== undefined && value.length >= 4) this.#values.add(value);
  }

  /** The text with every known secret value replaced. */
  text(input: string): string {
    let out = input;
    for (const value of this.#values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  }

  /** A deep copy with secret-named fields and known secret values replaced. */
  value<T>(input: T): T {
    return this.#walk(input, new WeakSet()) as T;
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

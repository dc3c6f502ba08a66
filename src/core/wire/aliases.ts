import { z } from 'zod';

/** Other spellings of a field, by the spec's name: Noren's own names pass through some members of the family. */
export type Aliases = Readonly<Record<string, readonly string[]>>;

/** The OMS (Noren) names an order's number `norenordno` where the spec writes `omsordno` or `orderNumber`. */
export const ORDER_NUMBER_ALIASES = {
  v1: { omsordno: ['norenordno'] },
  v2: { orderNumber: ['norenordno', 'omsordno'] },
} as const satisfies Record<string, Aliases>;

const blank = (value: unknown): boolean =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** A copy of `input` with each missing (or blank) field read from its first alias that carries a value. */
export function withAliases(input: unknown, aliases: Aliases): unknown {
  return readAliases(input, Object.entries(aliases));
}

function readAliases(input: unknown, aliases: ReadonlyArray<readonly [string, readonly string[]]>): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const entry = input as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [key, others] of aliases) {
    if (!blank(entry[key])) continue;
    const alias = others.find((other) => !blank(entry[other]));
    if (alias !== undefined) out = { ...(out ?? entry), [key]: entry[alias] };
  }
  return out ?? input;
}

/** A required text whose error, when it is missing, names the other spellings it may arrive under. */
export function aliasedStr(key: string, aliases: Aliases) {
  const others = (aliases[key] ?? []).join(' or ');
  const missing = `expected string, received undefined (also read from ${others})`;
  return z.string({ error: (issue) => (issue.input === undefined ? missing : undefined) });
}

/**
 * A loose object whose fields may arrive under other spellings: the first alias present is read as the
 * spec's field before validation (the spec's spelling wins when both are sent), so the parsed value
 * always carries the spec's name and every field the body had. `shape` stays readable like an object's.
 * With `probe`, an entry that has that spec field is taken as spelled the spec's way and read as it is.
 */
export function aliasedObject<S extends z.ZodRawShape>(shape: S, aliases: Aliases, probe?: keyof S & string) {
  const object = z.looseObject(shape);
  const table = Object.entries(aliases);
  const read = (input: unknown): unknown =>
    probe !== undefined && typeof input === 'object' && input !== null && probe in input
      ? input
      : readAliases(input, table);
  return Object.assign(z.preprocess(read, object), { shape: object.shape });
}

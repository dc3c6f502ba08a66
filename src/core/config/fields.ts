import { z } from 'zod';

/** A zod schema for one variable: its text in, its value out, undefined when unset or empty. */
export type Field<T> = z.ZodType<T | undefined, string | undefined>;

type Parsed<T> = { readonly value: T } | { readonly problem: string };

/** Wraps a parser of trimmed, non-empty text as a variable schema; problems become zod issues. */
export function field<T>(parse: (text: string) => Parsed<T>): Field<T> {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim();
      if (text === undefined || text === '') return undefined;
      const parsed = parse(text);
      if ('value' in parsed) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    });
}

/** The value as a message may show it: quoted, cut short. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

const ok = <T>(value: T): Parsed<T> => ({ value });
const bad = (problem: string): Parsed<never> => ({ problem });

/** Any text. */
export const text = (): Field<string> => field(ok);

/** A secret: any text, and a message that never shows it (`check` may refuse it by shape). */
export const secret = (check?: (text: string) => string | undefined): Field<string> =>
  field((t) => {
    const problem = check?.(t);
    return problem === undefined ? ok(t) : bad(problem);
  });

/** One of a fixed list, case-insensitive. */
export const oneOf = <T extends string>(values: readonly T[]): Field<T> =>
  field((t) => {
    const found = values.find((v) => v.toLowerCase() === t.toLowerCase());
    return found === undefined ? bad(`expected one of ${values.join(', ')}, got ${shown(t)}`) : ok(found);
  });

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** true/false, 1/0, yes/no, on/off, any case. */
export const bool = (): Field<boolean> =>
  field((t) => {
    const lower = t.toLowerCase();
    if (TRUE.has(lower)) return ok(true);
    if (FALSE.has(lower)) return ok(false);
    return bad(`expected true or false (also 1/0, yes/no), got ${shown(t)}`);
  });

const DECIMAL = /^[0-9][0-9_]*(\.[0-9]+)?$|^\.[0-9]+$/;

/** A finite number above zero; `_` may group digits (`1_000_000`). */
export const positiveNumber = (): Field<number> =>
  field((t) => {
    const n = DECIMAL.test(t) ? Number(t.replaceAll('_', '')) : Number.NaN;
    return Number.isFinite(n) && n > 0 ? ok(n) : bad(`expected a positive number, got ${shown(t)}`);
  });

/** A whole number within [min, max]. */
export const integer = (min: number, max = Number.MAX_SAFE_INTEGER, what = 'a whole number'): Field<number> =>
  field((t) => {
    const n = /^-?[0-9][0-9_]*$/.test(t) ? Number(t.replaceAll('_', '')) : Number.NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? ok(n) : bad(`expected ${what}, got ${shown(t)}`);
  });

/** A whole number above zero. */
export const positiveInteger = (): Field<number> =>
  integer(1, Number.MAX_SAFE_INTEGER, 'a positive whole number');

/** A TCP port; 0 asks the system for a free one. */
export const port = (): Field<number> => integer(0, 65_535, 'a port number from 0 to 65535');

/** A comma-separated list of values from a fixed list (case-insensitive, trimmed, duplicates dropped). */
export const listOf = <T extends string>(values: readonly T[], noun: string): Field<T[]> =>
  field((t) => {
    const items = t
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) return bad(`expected a comma-separated list of ${noun}s (${values.join(', ')})`);
    const out: T[] = [];
    const unknown: string[] = [];
    for (const item of items) {
      const found = values.find((v) => v.toLowerCase() === item.toLowerCase());
      if (found === undefined) unknown.push(item);
      else if (!out.includes(found)) out.push(found);
    }
    if (unknown.length > 0) {
      return bad(`unknown ${noun} ${unknown.map(shown).join(', ')} (expected any of ${values.join(', ')})`);
    }
    return ok(out);
  });

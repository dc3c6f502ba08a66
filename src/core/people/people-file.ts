import { z } from 'zod';
import { SNOWFLAKE } from '../vocabulary/snowflake.js';
import { PERSON_ID, type Person, ROLES } from './person.js';

/** The largest people file read (thousands of people); a larger one is refused, saying so. */
export const PEOPLE_FILE_MAX_BYTES = 1024 * 1024;

/** One thing wrong with a people file: where (`people[2].role`) and what to fix. */
export interface PeopleProblem {
  readonly path: string;
  readonly message: string;
}

/** A people file read: its people, or every problem found in it. */
export type PeopleParse =
  | { readonly ok: true; readonly people: readonly Person[] }
  | { readonly ok: false; readonly problems: readonly PeopleProblem[] };

const FIELDS = ['id', 'role', 'discord', 'maxDailyOrders', 'maxDailyValue'] as const;

const got = (input: unknown): string => {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const unknownKeys =
  (expected: string) =>
  (issue: { code?: string; keys?: readonly string[] }): string | undefined =>
    issue.code === 'unrecognized_keys'
      ? `unknown ${issue.keys?.length === 1 ? 'field' : 'fields'} ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}: ${expected}`
      : undefined;

const id = z.string({ error: 'required: a short lower-case id, such as "asha"' }).regex(PERSON_ID, {
  error: (issue) => `expected 1 to 32 of a-z, 0-9, _ and -, got ${got(issue.input)}`,
});

const role = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined
      ? `required: one of ${ROLES.join(', ')}`
      : `expected one of ${ROLES.join(', ')}, got ${got(issue.input)}`,
});

const discord = z
  .string({
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'give the Discord user id as a string in quotes: JSON numbers lose its last digits'
        : `expected a Discord user id as a string, got ${got(issue.input)}`,
  })
  .regex(SNOWFLAKE, {
    error: (issue) =>
      `expected a Discord user id (17 to 20 digits, Copy User ID in Discord), got ${got(issue.input)}`,
  });

const positive = (what: string, integer: boolean) =>
  z
    .number({ error: (issue) => `expected ${what}, got ${got(issue.input)}` })
    .refine((n) => n > 0 && Number.isFinite(n) && (!integer || Number.isSafeInteger(n)), {
      error: (issue) => `expected ${what}, got ${got(issue.input)}`,
    });

const person = z.strictObject(
  {
    id,
    role,
    discord: discord.optional(),
    maxDailyOrders: positive('a positive whole number of orders', true).optional(),
    maxDailyValue: positive('a positive number of rupees', false).optional(),
  },
  {
    error: (issue) =>
      unknownKeys(`a person has ${FIELDS.join(', ')}`)(issue) ??
      `expected a person such as {"id": "asha", "role": "trader"}, got ${got(issue.input)}`,
  },
);

const file = z.strictObject(
  {
    people: z.array(person, {
      error: (issue) =>
        issue.input === undefined
          ? 'required: a list of people, such as [{"id": "asha", "role": "trader"}]'
          : `expected a list of people, got ${got(issue.input)}`,
    }),
  },
  {
    error: (issue) =>
      unknownKeys('the file has only "people"')(issue) ??
      `expected an object such as {"people": [{"id": "asha", "role": "trader"}]}, got ${got(issue.input)}`,
  },
);

/** Each repeat of an id or a Discord user id, naming the person who has it first (read from the raw list,
 * so repeats are reported alongside every other problem). */
function repeats(json: unknown): PeopleProblem[] {
  const people = (json as { people?: unknown } | null)?.people;
  if (!Array.isArray(people)) return [];
  const problems: PeopleProblem[] = [];
  for (const [key, rule] of [
    ['id', 'ids must be unique'],
    ['discord', 'one person per Discord user'],
  ] as const) {
    const first = new Map<string, number>();
    people.forEach((p: unknown, index) => {
      const value = (p as Record<string, unknown> | null)?.[key];
      if (typeof value !== 'string') return;
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, index);
      else
        problems.push({
          path: `people[${index}].${key}`,
          message: `"${value}" is also people[${earlier}]'s ${key}: ${rule}`,
        });
    });
  }
  return problems;
}

/** `people[2].role` from zod's path. */
function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the file)';
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** Parses a people file's text, reporting every problem at once, by path, with what to fix. */
export function parsePeople(text: string): PeopleParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '(the file)', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const result = file.safeParse(json);
  const problems = [
    ...(result.error?.issues ?? []).map((issue) => ({ path: pathText(issue.path), message: issue.message })),
    ...repeats(json),
  ];
  if (result.success && problems.length === 0) return { ok: true, people: result.data.people as Person[] };
  return { ok: false, problems };
}

import type { z } from 'zod';

/** A JSON object, as far as the envelope readers need to know. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sentinel for a body that is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not json');

/** The body parsed as JSON, or `NOT_JSON`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Blank text lands here too: JSON.parse refuses it.
    return NOT_JSON;
  }
}

/** The first of `keys` present on the object (status keys drift in case: `Status`, `status`, `stat`). */
export function pick(body: JsonObject, ...keys: readonly string[]): unknown {
  for (const key of keys) if (key in body) return body[key];
  return undefined;
}

/** The first string among `keys`, for lenient reading of failure texts. */
export function pickText(body: JsonObject, ...keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Zod issues as readable strings: `data.lastTradedPrice: expected string, received undefined`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>((acc, key) => {
      if (typeof key === 'number') return `${acc}[${key}]`;
      return acc === '' ? String(key) : `${acc}.${String(key)}`;
    }, '');
    const message = issue.message.replace(/^Invalid input:\s*/i, '');
    return `${path === '' ? '(body)' : path}: ${message}`;
  });
}

import type { z } from 'zod';
import { BROKER_TEXTS, missingFieldsText } from '../../core/vocabulary/index.js';
import { SimFailure } from './failure.js';

/** True when every leaf value is a string (arrays and objects are walked), as the API requires. */
export function allStrings(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.every(allStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).every(allStrings);
  return false;
}

/** Validates a body against a wire request schema, answering the broker's texts for what is wrong. */
export function validateBody<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.infer<S> {
  if (!allStrings(body)) throw new SimFailure(BROKER_TEXTS.notStrings);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues
    .filter(
      (issue) =>
        issue.code === 'invalid_type' && issue.path.length > 0 && getPath(body, issue.path) === undefined,
    )
    .map((issue) => issue.path.join('.'));
  if (missing.length > 0) throw new SimFailure(missingFieldsText(missing));
  const first = parsed.error.issues[0];
  throw new SimFailure(
    `Invalid Input : ${first?.path.join('.') || 'body'} ${first?.message ?? 'is invalid'}`,
  );
}

function getPath(body: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = body;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** A required positive number from a string field, or the broker's invalid-input failure naming it. */
export function positiveNumber(value: string, field: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    throw new SimFailure(`Invalid Input : ${field} must be a positive number, got "${value.slice(0, 40)}"`);
  }
  return n;
}

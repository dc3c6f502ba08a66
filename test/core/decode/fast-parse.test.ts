import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fastParse, REFUSED } from '../../../src/core/decode/fast-parse.js';
import * as wire from '../../../src/core/wire/index.js';
import { wireCase, wireCaseNames } from '../../fixtures/wire/corpus.js';

/** Every schema the wire module exports (requests, answers, their parts). */
const SCHEMAS = Object.entries(wire as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
);

const FIXTURES = join(import.meta.dirname, '../../fixtures/wire');
const RESOURCES = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));
/** Every payload of the shared corpus: answers of all kinds, so most meet schemas they do not fit. */
const CASES = RESOURCES.flatMap((resource) =>
  wireCaseNames(resource).map((name) => wireCase(resource, name)),
);

/** Objects of a payload, depth first, so a mutation can pick one by number. */
function objectsOf(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) objectsOf(item, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) objectsOf(item, out);
  }
  return out;
}

const MUTATIONS = [
  'drop',
  'number',
  'null',
  'object',
  'otherFirst',
  'otherLast',
  'reverse',
  'proto',
] as const;

/** Changes one object of the payload the way real answers differ: fields missing, mistyped, extra, reordered. */
function mutate(payload: unknown, at: number, how: (typeof MUTATIONS)[number]): void {
  const objects = objectsOf(payload);
  const target = objects[at % Math.max(1, objects.length)];
  if (target === undefined) return;
  const keys = Object.keys(target);
  const key = keys[at % Math.max(1, keys.length)];
  const entries = Object.entries(target);
  const rebuild = (next: Array<[string, unknown]>) => {
    for (const k of keys) delete target[k];
    for (const [k, v] of next) target[k] = v;
  };
  if (how === 'drop' && key !== undefined) delete target[key];
  if (how === 'number' && key !== undefined) target[key] = 42;
  if (how === 'null' && key !== undefined) target[key] = null;
  if (how === 'object' && key !== undefined) target[key] = { nested: 'x' };
  if (how === 'otherFirst') rebuild([['zExtra', 'x'], ...entries]);
  if (how === 'otherLast') target.zExtra = 'x';
  if (how === 'reverse') rebuild(entries.reverse());
  if (how === 'proto')
    Object.defineProperty(target, '__proto__', {
      value: { a: 'b' },
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** The keys of every object, in order, so two results compare in order as well as in content. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (typeof value !== 'object' || value === null) return value;
  return Object.entries(value).map(([k, v]) => [k, keyOrder(v)]);
}

describe('fastParse', () => {
  it('compiles the answers the client reads most (quotes, books, history, trades, holdings, limits)', () => {
    const expected: Array<[z.ZodType, unknown]> = [
      [wire.quoteSuccess, wireCase('quote', 'success')],
      [wire.orderBookSuccess, wireCase('order-book', 'success')],
      [wire.holdingsSuccess, wireCase('holdings', 'success')],
      [wire.limitsSuccess, wireCase('limits', 'v3.success')],
    ];
    for (const [schema, payload] of expected) expect(fastParse(schema, payload)).not.toBe(REFUSED);
  });

  it('gives what zod gives, keys in the same order, and refuses exactly what zod refuses', () => {
    const payload = fc.tuple(
      fc.constantFrom(...CASES.keys()),
      fc.array(fc.tuple(fc.nat(200), fc.constantFrom(...MUTATIONS)), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(payload, ([index, mutations]) => {
        for (const [name, schema] of SCHEMAS) {
          const input = structuredClone(CASES[index]);
          for (const [at, how] of mutations) mutate(input, at, how);
          const fast = fastParse(schema, input);
          const zod = schema.safeParse(input);
          if (fast !== REFUSED) {
            expect(zod.success, name).toBe(true);
            expect(keyOrder(fast), name).toEqual(keyOrder(zod.data));
            expect(fast, name).toEqual(zod.data);
            expect(fast === input, name).toBe(false);
          }
          if (fast === REFUSED && !zod.success) continue;
          // Refused while zod accepts: only for schemas beyond the compiled subset.
          if (fast === REFUSED) expect(fastParse(schema, zod.data), name).toBe(REFUSED);
        }
      }),
      { numRuns: 400 },
    );
  });
});

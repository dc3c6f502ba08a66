import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optPrice } from '../../../src/core/domain/values.js';
import { parsePrice } from '../../../src/core/price.js';

/** How prices were read before the plain-decimal fast path: blank is absent, the rest through `parsePrice`. */
const reference = (text: string): number | undefined => (text.trim() === '' ? undefined : parsePrice(text));

const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max });

/** Texts near the fast path's edges: signs, 0-14 whole digits, a dot, 0-6 decimals, stray blanks and letters. */
const priceLike = fc
  .tuple(
    fc.constantFrom('', '', '+', '-', ' ', '\t'),
    digits(14),
    fc.constantFrom('', '.', '.', ','),
    digits(6),
    fc.constantFrom('', '', '', ' ', 'e3', 'x'),
  )
  .map((parts) => parts.join(''));

describe('reading a wire price', () => {
  it('gives exactly what parsePrice gives, for plain decimals and everything near them', () => {
    fc.assert(
      fc.property(priceLike, (text) => {
        expect(Object.is(optPrice(text), reference(text))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['2450.05', 2450.05],
    ['-0.0001', -0.0001],
    ['99999999999.9999', 99999999999.9999],
    ['0.12345', 0.1235],
    ['1.', undefined],
    ['.5', undefined],
    [' 12.5 ', 12.5],
    ['', undefined],
  ])('reads %j as %s', (text, value) => {
    expect(optPrice(text)).toBe(value);
    expect(optPrice(text)).toBe(reference(text));
  });
});

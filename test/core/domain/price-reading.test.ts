import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainDecimal } from '../../../src/core/domain/plain-decimal.js';
import { istIso, optNumber, optPrice, optText } from '../../../src/core/domain/values.js';
import { parsePrice } from '../../../src/core/price.js';
import { parseBrokerTime, toIstIso } from '../../../src/core/time/ist.js';

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

/** How numbers, texts and times were read before the fast paths. */
const previous = {
  number(text: string): number | undefined {
    if (text.trim() === '') return undefined;
    const value = Number(text.trim());
    return Number.isFinite(value) ? value : undefined;
  },
  text: (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim()),
  time(text: string): string | undefined {
    if (text.trim() === '') return undefined;
    const ms = parseBrokerTime(text);
    return ms === undefined ? undefined : toIstIso(ms);
  },
};

/** Texts a number field may hold: the price-like ones, exponents, hex, infinities, odd blanks. */
const numberLike = fc.oneof(
  priceLike,
  fc.constantFrom(
    '',
    ' ',
    '\n\t',
    '\u00a0',
    '\ufeff',
    '1e3',
    '0x10',
    'Infinity',
    '-Infinity',
    'NaN',
    ' 7 ',
    '.',
    '-',
    '0',
  ),
);

describe('reading wire numbers, texts and times', () => {
  it('reads numbers, texts and broker times exactly as before', () => {
    fc.assert(
      fc.property(numberLike, (text) => {
        expect(Object.is(optNumber(text), previous.number(text))).toBe(true);
        expect(optText(text)).toBe(previous.text(text));
        expect(istIso(text)).toBe(previous.time(text));
      }),
      { numRuns: 20_000 },
    );
    expect([optNumber(undefined), optText(undefined), istIso(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('reading a wire price', () => {
  it('gives exactly what parsePrice gives, for plain decimals and everything near them', () => {
    fc.assert(
      fc.property(priceLike, (text) => {
        expect(Object.is(optPrice(text), reference(text))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads a plain decimal to the same double as Number does, and refuses the rest to the full readers', () => {
    fc.assert(
      fc.property(priceLike, (text) => {
        const plain = plainDecimal(text);
        if (plain !== undefined) expect(Object.is(plain, Number(text))).toBe(true);
        else expect(/^[+-]?\d{1,11}(\.\d{1,4})?$/.test(text)).toBe(false);
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

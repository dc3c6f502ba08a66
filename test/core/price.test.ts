import { describe, expect, it } from 'vitest';
import { formatPrice, isTickMultiple, parsePrice, roundToTick, toUnits } from '../../src/core/price.js';

describe('exact price arithmetic', () => {
  it('checks tick multiples without float drift', () => {
    // In floats 2450.05 % 0.05 is 0.0499…, which would wrongly fail the tick check.
    expect(2450.05 % 0.05).not.toBe(0);
    expect(isTickMultiple(2450.05, 0.05)).toBe(true);
    expect(isTickMultiple('2450.05', '0.05')).toBe(true);
    expect(isTickMultiple(2450.07, 0.05)).toBe(false);
    expect(isTickMultiple(0.3, 0.1)).toBe(true);
    expect(isTickMultiple(100, 0)).toBe(false);
  });

  it('rounds to the grid in each direction', () => {
    expect(roundToTick(2450.07, 0.05)).toBe(2450.05);
    expect(roundToTick(2450.08, 0.05)).toBe(2450.1);
    expect(roundToTick(2450.01, 0.05, 'up')).toBe(2450.05);
    expect(roundToTick(2450.09, 0.05, 'down')).toBe(2450.05);
  });

  it('formats payload prices with fixed decimals and no noise', () => {
    expect(formatPrice(0.1 + 0.2)).toBe('0.30');
    expect(formatPrice(24000)).toBe('24000.00');
    expect(formatPrice(1.5, 1)).toBe('1.5');
  });

  it('parses wire decimals and refuses what is not one', () => {
    expect(parsePrice('2450.05')).toBe(2450.05);
    expect(parsePrice('-12.5')).toBe(-12.5);
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice(undefined)).toBeUndefined();
    expect(parsePrice('12abc')).toBeUndefined();
    expect(parsePrice('1e5')).toBeUndefined();
    expect(toUnits(Number.NaN)).toBeUndefined();
  });
});

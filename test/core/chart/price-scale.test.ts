import { describe, expect, it } from 'vitest';
import { priceScale } from '../../../src/core/chart/price-scale.js';
import { isTickMultiple } from '../../../src/core/price.js';

describe('priceScale', () => {
  it('marks round prices on the tick grid, inside the padded range, at most the number asked', () => {
    const scale = priceScale(2441.1, 2468.5, 0.05, 7);
    expect(scale.low).toBeLessThan(2441.1);
    expect(scale.high).toBeGreaterThan(2468.5);
    expect(scale.ticks).toEqual([2440, 2445, 2450, 2455, 2460, 2465, 2470]);
  });

  it('uses steps such as 0.25 that are whole numbers of a 0.05 tick', () => {
    const scale = priceScale(10.05, 11.4, 0.05, 7);
    expect(scale.ticks).toEqual([10, 10.25, 10.5, 10.75, 11, 11.25]);
  });

  it('keeps to a tick no round step divides, counting in whole ticks', () => {
    const scale = priceScale(100, 100.7, 0.07, 5);
    expect(scale.ticks.length).toBeGreaterThan(1);
    expect(scale.ticks.length).toBeLessThanOrEqual(5);
    for (const price of scale.ticks) expect(isTickMultiple(price, 0.07)).toBe(true);
  });

  it('widens a flat range to a readable span centred on the price, with no division by zero', () => {
    const scale = priceScale(100, 100, 0.05, 7);
    expect(scale.high - scale.low).toBeGreaterThan(0.5);
    expect((scale.high + scale.low) / 2).toBeCloseTo(100, 6);
    expect(scale.ticks).toContain(100);
  });

  it('widens a one-tick range of a costly share to a fraction of its price', () => {
    const scale = priceScale(98_500, 98_500.05, 0.05, 7);
    expect(scale.high - scale.low).toBeGreaterThan(0.002 * 98_500);
    for (const price of scale.ticks) expect(Number.isInteger(price)).toBe(true);
  });

  it('handles a currency tick of 0.0025 with four-decimal ticks', () => {
    const scale = priceScale(83.1, 83.14, 0.0025, 7);
    for (const price of scale.ticks) expect(isTickMultiple(price, 0.0025)).toBe(true);
    expect(scale.ticks.length).toBeGreaterThan(2);
  });
});

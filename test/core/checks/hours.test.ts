import { describe, expect, it } from 'vitest';
import { checkMarketHours, isMarketOpen, nextMarketOpen } from '../../../src/core/checks/index.js';
import { fromIst } from '../../../src/core/time/ist.js';
import { check, rules } from './helpers.js';

const exchange = { marketHours: 'exchange' as const, holidays: ['2026-11-24'] };
const at = (day: number, hour: number, minute: number, second = 0) =>
  fromIst(2026, 11, day, hour, minute, second);

describe('market hours (IST, Monday to Friday, 09:15-15:30)', () => {
  it('is open inside the session on a trading day', () => {
    expect(isMarketOpen(at(23, 9, 15), exchange)).toBe(true);
    expect(isMarketOpen(at(23, 12, 0), exchange)).toBe(true);
    expect(isMarketOpen(at(23, 15, 29, 59), exchange)).toBe(true);
  });

  it('is closed at 09:14, from 15:30, at night, on weekends and on holidays', () => {
    expect(isMarketOpen(at(23, 9, 14), exchange)).toBe(false);
    expect(isMarketOpen(at(23, 15, 30), exchange)).toBe(false);
    expect(isMarketOpen(at(23, 15, 31), exchange)).toBe(false);
    expect(isMarketOpen(at(23, 2, 0), exchange)).toBe(false);
    expect(isMarketOpen(at(21, 11, 0), exchange)).toBe(false);
    expect(isMarketOpen(at(22, 11, 0), exchange)).toBe(false);
    expect(isMarketOpen(at(24, 11, 0), exchange)).toBe(false);
  });

  it('is always open in always mode', () => {
    expect(isMarketOpen(at(22, 3, 0), { marketHours: 'always', holidays: [] })).toBe(true);
    expect(check({ context: { now: at(22, 3, 0) }, policy: { marketHours: 'always' } }).ok).toBe(true);
  });

  it('reads the clock in IST whatever the instant', () => {
    // 03:45 UTC is 09:15 IST.
    expect(isMarketOpen(Date.UTC(2026, 10, 23, 3, 45), exchange)).toBe(true);
    expect(isMarketOpen(Date.UTC(2026, 10, 23, 3, 44), exchange)).toBe(false);
  });

  it('finds the next open, skipping weekends and holidays', () => {
    expect(nextMarketOpen(at(20, 15, 31), [])).toBe(at(23, 9, 15));
    expect(nextMarketOpen(at(23, 15, 31), exchange.holidays)).toBe(at(25, 9, 15));
    expect(nextMarketOpen(at(23, 8, 0), [])).toBe(at(23, 9, 15));
  });

  it('MARKET_CLOSED says why and when it opens next', () => {
    const [weekend] = checkMarketHours('NSE', at(21, 10, 0), exchange);
    expect(weekend).toEqual({
      rule: 'MARKET_CLOSED',
      message:
        'NSE is closed at 10:00 IST on Saturday 2026-11-21 (a weekend); it opens next on Monday 2026-11-23 at 09:15 IST. Place the order when the market is open.',
      numbers: { now: at(21, 10, 0), nextOpen: at(23, 9, 15) },
    });
    expect(checkMarketHours('NFO', at(24, 10, 0), exchange)[0]?.message).toContain('(an exchange holiday)');
    expect(checkMarketHours('BSE', at(23, 9, 14), exchange)[0]?.message).toContain(
      '(outside 09:15-15:30 IST)',
    );
    expect(rules(check({ context: { now: at(23, 15, 31) } }))).toEqual(['MARKET_CLOSED']);
    expect(rules(check({ context: { now: at(24, 10, 0) }, policy: { holidays: ['2026-11-24'] } }))).toEqual([
      'MARKET_CLOSED',
    ]);
  });
});

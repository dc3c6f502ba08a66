import { describe, expect, it } from 'vitest';
import { lastRefreshPoint, nextRefreshPoint } from '../../../src/core/catalogue/masters-schedule.js';

/** An IST wall-clock time in November 2026 (the 20th is a Friday). */
const ist = (day: number, hour: number, minute = 0): number =>
  Date.UTC(2026, 10, day, hour, minute) - 330 * 60_000;
const schedule = { at: '08:00' };

describe('the renewal schedule of published masters', () => {
  it('renews at the cutoff of each weekday: before it the previous trading day’s master is current', () => {
    expect(lastRefreshPoint(ist(20, 10), schedule)).toBe(ist(20, 8));
    expect(lastRefreshPoint(ist(20, 8), schedule)).toBe(ist(20, 8));
    expect(lastRefreshPoint(ist(20, 7, 59), schedule)).toBe(ist(19, 8));
  });

  it('expects no new master at weekends or on holidays', () => {
    expect(lastRefreshPoint(ist(22, 12), schedule)).toBe(ist(20, 8));
    expect(lastRefreshPoint(ist(23, 7), schedule)).toBe(ist(20, 8));
    expect(lastRefreshPoint(ist(22, 12), { ...schedule, holidays: ['2026-11-20'] })).toBe(ist(19, 8));
    expect(nextRefreshPoint(ist(20, 10), schedule)).toBe(ist(23, 8));
    expect(nextRefreshPoint(ist(20, 10), { at: '08:30', holidays: ['2026-11-23'] })).toBe(ist(24, 8, 30));
  });

  it('refuses a malformed time with a message that shows it', () => {
    expect(() => lastRefreshPoint(ist(20, 10), { at: '8am' })).toThrow('expected a time as HH:MM, got "8am"');
  });
});

import { describe, expect, it } from 'vitest';
import { createCalendar } from '../../../src/sim/market/calendar.js';
import { ist } from './helpers.js';

describe('real-hours calendar', () => {
  const calendar = createCalendar('real');

  it('opens at 09:15 IST and closes at 15:30 IST on a weekday', () => {
    expect(calendar.isOpen(ist(2026, 11, 20, 9, 14, 59))).toBe(false);
    expect(calendar.isOpen(ist(2026, 11, 20, 9, 15))).toBe(true);
    expect(calendar.isOpen(ist(2026, 11, 20, 15, 29, 59))).toBe(true);
    expect(calendar.isOpen(ist(2026, 11, 20, 15, 30))).toBe(false);
  });

  it('stays closed over the weekend and reopens on Monday at 09:15', () => {
    expect(calendar.isOpen(ist(2026, 11, 21, 11))).toBe(false);
    expect(calendar.isOpen(ist(2026, 11, 22, 11))).toBe(false);
    expect(calendar.isOpen(ist(2026, 11, 23, 9, 14))).toBe(false);
    expect(calendar.isOpen(ist(2026, 11, 23, 9, 15))).toBe(true);
  });

  it('names the next session when closed and the current one when open', () => {
    const monday = { open: ist(2026, 11, 23, 9, 15), close: ist(2026, 11, 23, 15, 30) };
    expect(calendar.session(ist(2026, 11, 20, 16))).toEqual(monday);
    expect(calendar.session(ist(2026, 11, 22, 12))).toEqual(monday);
    expect(calendar.session(ist(2026, 11, 23, 8))).toEqual(monday);
    expect(calendar.session(ist(2026, 11, 23, 12))).toEqual(monday);
  });

  it('keeps a listed holiday closed and skips it when naming the next session', () => {
    const withHoliday = createCalendar('real', ['2026-11-23']);
    expect(withHoliday.isOpen(ist(2026, 11, 23, 11))).toBe(false);
    expect(withHoliday.session(ist(2026, 11, 21, 11)).open).toBe(ist(2026, 11, 24, 9, 15));
  });

  it('rejects a holiday that is not a YYYY-MM-DD date', () => {
    expect(() => createCalendar('real', ['23-11-2026'])).toThrow(RangeError);
    expect(() => createCalendar('real', ['2026-02-30'])).toThrow(RangeError);
  });

  it('locates a closed instant at the last second of the previous session', () => {
    const sunday = calendar.locate(ist(2026, 11, 22, 12));
    expect(calendar.bounds(sunday.day).close).toBe(ist(2026, 11, 20, 15, 30));
    expect(sunday.second).toBe(calendar.sessionSeconds);
  });
});

describe('always-open calendar', () => {
  const calendar = createCalendar('always');

  it('is open at any hour of any day, weekends included', () => {
    for (const at of [ist(2026, 11, 21, 3), ist(2026, 11, 22, 23, 59), ist(2026, 11, 20, 16)])
      expect(calendar.isOpen(at)).toBe(true);
  });

  it('makes each IST calendar day one session, midnight to midnight', () => {
    expect(calendar.session(ist(2026, 11, 21, 13, 5))).toEqual({
      open: ist(2026, 11, 21),
      close: ist(2026, 11, 22),
    });
  });

  it('ignores holidays', () => {
    expect(createCalendar('always', ['2026-11-23']).isOpen(ist(2026, 11, 23, 11))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatDateFirst,
  formatExpiryLong,
  formatExpiryShort,
  formatSlashed,
  formatTimeFirst,
  fromIst,
  istDate,
  istMidnight,
  istParts,
  parseBrokerTime,
  parseExpiry,
  toIstIso,
} from '../../../src/core/time/ist.js';

// 2026-11-20 09:15:30 IST is 03:45:30 UTC.
const AT = Date.UTC(2026, 10, 20, 3, 45, 30);

describe('IST time', () => {
  it('reads calendar fields in IST, not UTC or local time', () => {
    expect(istParts(AT)).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 9,
      minute: 15,
      second: 30,
      weekday: 5,
    });
    // 20:00 UTC is already the next day in India.
    expect(istParts(Date.UTC(2026, 10, 20, 20, 0, 0)).day).toBe(21);
  });

  it('formats the four broker forms', () => {
    expect(formatTimeFirst(AT)).toBe('09:15:30 20-11-2026');
    expect(formatDateFirst(AT)).toBe('20-11-2026 09:15:30');
    expect(formatSlashed(AT)).toBe('20/11/2026 09:15:30');
    expect(formatExpiryLong(AT)).toBe('20-NOV-2026');
    expect(formatExpiryShort(AT)).toBe('20NOV26');
    expect(toIstIso(AT)).toBe('2026-11-20T09:15:30+05:30');
    expect(istDate(AT)).toBe('2026-11-20');
  });

  it('parses both timestamp orders and both separators back to the same instant', () => {
    for (const text of ['09:15:30 20-11-2026', '20-11-2026 09:15:30', '20/11/2026 09:15:30']) {
      expect(parseBrokerTime(text)).toBe(AT);
    }
  });

  it('rejects malformed, impossible and sentinel times', () => {
    expect(parseBrokerTime('00:00:00 01-01-1980')).toBeUndefined();
    expect(parseBrokerTime('31-02-2026 10:00:00')).toBeUndefined();
    expect(parseBrokerTime('25:00:00 01-01-2026')).toBeUndefined();
    expect(parseBrokerTime('yesterday')).toBeUndefined();
  });

  it('parses expiries in both forms and any case, to IST midnight', () => {
    const midnight = fromIst(2026, 11, 24);
    expect(parseExpiry('24-NOV-2026')).toBe(midnight);
    expect(parseExpiry('24-Nov-2026')).toBe(midnight);
    expect(parseExpiry('24NOV26')).toBe(midnight);
    expect(parseExpiry('31NOV26')).toBeUndefined();
    expect(parseExpiry('24-XYZ-2026')).toBeUndefined();
    expect(istMidnight(AT)).toBe(fromIst(2026, 11, 20));
  });
});

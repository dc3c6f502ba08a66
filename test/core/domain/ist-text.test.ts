import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokerTimeIso, clockOnDayIso } from '../../../src/core/domain/ist-text.js';
import { istDate, parseBrokerTime, toIstIso } from '../../../src/core/time/ist.js';

/** How timestamps were read before: parse to an instant, format it back. */
function reference(text: string): string | undefined {
  const ms = parseBrokerTime(text);
  return ms === undefined ? undefined : toIstIso(ms);
}

/** The old way of dating a clock time: format the day, append it to the clock, parse, format. */
function referenceOnDay(clock: string, dayMs: number): string | undefined {
  const [year, month, date] = istDate(dayMs).split('-');
  return reference(`${clock} ${date}-${month}-${year}`);
}

/** Two digits, mostly inside `max` (the field's range) so most dates are real, sometimes anything. */
const two = (max = 99) =>
  fc
    .oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 99 }))
    .map((n) => String(n).padStart(2, '0'));
const year = fc
  .oneof(fc.integer({ min: 1975, max: 2105 }), fc.constantFrom(0, 99, 1900, 2000, 2024, 2100, 9999))
  .map((n) => String(n).padStart(4, '0'));
const separator = fc.constantFrom('-', '/', '-', '.', ':');
const noise = fc.constantFrom('', '', '', ' ', 'x', '0');

/** Both orders, real and impossible dates, odd separators and stray characters around them. */
const timestamps = fc
  .tuple(fc.boolean(), two(24), two(60), two(60), two(31), two(13), year, separator, separator, noise, noise)
  .map(([timeFirst, hh, mm, ss, dd, mo, yyyy, s1, s2, before, after]) => {
    const clock = `${hh}:${mm}:${ss}`;
    const date = `${dd}${s1}${mo}${s2}${yyyy}`;
    return `${before}${timeFirst ? `${clock} ${date}` : `${date} ${clock}`}${after}`;
  });

describe('broker timestamps as ISO text', () => {
  it('gives exactly what parsing to an instant and formatting it back gives', () => {
    fc.assert(
      fc.property(timestamps, (text) => {
        expect(brokerTimeIso(text)).toBe(reference(text));
      }),
      { numRuns: 30_000 },
    );
  });

  it.each([
    ['10:15:01 20-11-2026', '2026-11-20T10:15:01+05:30'],
    ['20/11/2026 23:59:59', '2026-11-20T23:59:59+05:30'],
    ['  29-02-2024 09:15:00 ', '2024-02-29T09:15:00+05:30'],
    ['29-02-2026 09:15:00', undefined],
    ['00:00:00 01-01-1980', undefined],
    ['24:00:00 01-01-2026', undefined],
  ])('reads %j as %s', (text, iso) => {
    expect(brokerTimeIso(text)).toBe(iso);
    expect(reference(text)).toBe(iso);
  });

  it('dates a clock time exactly as appending the day and parsing did', () => {
    const day = fc.integer({ min: Date.UTC(1975, 0, 1), max: Date.UTC(2105, 0, 1) });
    const clock = fc.tuple(two(24), two(60), two(60)).map(([h, m, s]) => `${h}:${m}:${s}`);
    fc.assert(
      fc.property(clock, day, (text, dayMs) => {
        expect(clockOnDayIso(text, istDate(dayMs))).toBe(referenceOnDay(text, dayMs));
      }),
      { numRuns: 20_000 },
    );
  });
});

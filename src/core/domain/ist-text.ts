/**
 * Broker timestamps rewritten as ISO 8601 in IST by moving their fields, without a `Date`: parsing one
 * (`parseBrokerTime`) checks these very fields, and formatting the instant back (`toIstIso`) writes them
 * unchanged, so only the checks are needed. Timestamps are read by the thousand in a book.
 */

const COLON = 58;
const SPACE = 32;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `count` ASCII digits at `from`, or -1. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let at = from; at < from + count; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

const isDateSeparator = (code: number): boolean => code === 45 || code === 47; // - or /

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** True when `HH:MM:SS` starts at `at` and names a time of day. */
function isClock(text: string, at: number): boolean {
  if (text.charCodeAt(at + 2) !== COLON || text.charCodeAt(at + 5) !== COLON) return false;
  const hour = digits(text, at, 2);
  const minute = digits(text, at + 3, 2);
  const second = digits(text, at + 6, 2);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60;
}

/**
 * `HH:MM:SS dd-mm-yyyy` or `dd-mm-yyyy HH:MM:SS` (`-` or `/` in the date) as `yyyy-mm-ddTHH:MM:SS+05:30`;
 * undefined for anything else, for a date that does not exist and for 1980 and before (the "not known"
 * sentinel is 01-01-1980): exactly what `toIstIso(parseBrokerTime(text))` gives.
 */
export function brokerTimeIso(text: string): string | undefined {
  const t = text.trim();
  if (t.length !== 19) return undefined;
  const timeFirst = t.charCodeAt(2) === COLON;
  const clockAt = timeFirst ? 0 : 11;
  const dateAt = timeFirst ? 9 : 0;
  if (t.charCodeAt(timeFirst ? 8 : 10) !== SPACE || !isClock(t, clockAt)) return undefined;
  if (!isDateSeparator(t.charCodeAt(dateAt + 2)) || !isDateSeparator(t.charCodeAt(dateAt + 5)))
    return undefined;
  const day = digits(t, dateAt, 2);
  const month = digits(t, dateAt + 3, 2);
  const year = digits(t, dateAt + 6, 4);
  if (year <= 1980 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  const date = `${t.slice(dateAt + 6, dateAt + 10)}-${t.slice(dateAt + 3, dateAt + 5)}-${t.slice(dateAt, dateAt + 2)}`;
  return `${date}T${t.slice(clockAt, clockAt + 8)}+05:30`;
}

/**
 * A clock time `HH:MM:SS` on the day `yyyy-mm-dd` (a real date, as `istDate` writes one) as ISO 8601 in
 * IST; undefined when the clock is not a time of day or the year is not after 1980.
 */
export function clockOnDayIso(clock: string, day: string): string | undefined {
  if (clock.length !== 8 || !isClock(clock, 0) || day.length !== 10 || digits(day, 0, 4) <= 1980)
    return undefined;
  return `${day}T${clock}+05:30`;
}

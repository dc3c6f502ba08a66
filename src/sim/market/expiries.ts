import { SESSION } from '../../core/vocabulary/index.js';
import { dateOfDay, dayOfDate, istDay, istTime, weekdayOf } from './ist-time.js';

/** One expiry: the nominal Tuesday (stable, used for tokens) and the day it actually expires. */
export interface Expiry {
  /** The rule's Tuesday, before any holiday shift. */
  readonly nominalDay: number;
  /** The trading day the contracts expire: the nominal Tuesday, or the session before it on a holiday. */
  readonly day: number;
  /** 15:30 IST on the expiry day: the contracts exist until this instant. */
  readonly at: number;
  readonly monthly: boolean;
}

const TUESDAY = 2;

/** The expiry instant of a day: the session's close, 15:30 IST. */
export function expiryInstant(day: number): number {
  return istTime(day, 0, SESSION.closeMinute);
}

/** The last Tuesday of a month. */
export function lastTuesday(year: number, month: number): number {
  const last = dayOfDate(year, month + 1, 0);
  return last - ((weekdayOf(last) - TUESDAY + 7) % 7);
}

function expiry(nominalDay: number, monthly: boolean, isSessionDay: (day: number) => boolean): Expiry {
  let day = nominalDay;
  // An exchange holiday moves the expiry to the previous trading day.
  for (let n = 0; n < 14 && !isSessionDay(day); n++) day -= 1;
  return { nominalDay, day, at: expiryInstant(day), monthly };
}

/** The next `count` monthly expiries (last Tuesday of each month) still alive at `at`. */
export function monthlyExpiries(at: number, count: number, isSessionDay: (day: number) => boolean): Expiry[] {
  const today = dateOfDay(istDay(at));
  const found: Expiry[] = [];
  for (let i = 0; found.length < count; i++) {
    const month0 = today.month - 1 + i;
    const e = expiry(
      lastTuesday(today.year + Math.floor(month0 / 12), (month0 % 12) + 1),
      true,
      isSessionDay,
    );
    if (e.at > at) found.push(e);
  }
  return found;
}

/** The next `count` weekly expiries (every Tuesday) still alive at `at`. */
export function weeklyExpiries(at: number, count: number, isSessionDay: (day: number) => boolean): Expiry[] {
  const today = istDay(at);
  const firstTuesday = today - ((weekdayOf(today) - TUESDAY + 7) % 7);
  const found: Expiry[] = [];
  for (let tuesday = firstTuesday; found.length < count; tuesday += 7) {
    const date = dateOfDay(tuesday);
    const e = expiry(tuesday, lastTuesday(date.year, date.month) === tuesday, isSessionDay);
    if (e.at > at) found.push(e);
  }
  return found;
}

/** Weekly and monthly expiries together, soonest first, each date once. */
export function mergeExpiries(...lists: readonly (readonly Expiry[])[]): Expiry[] {
  const byDay = new Map<number, Expiry>();
  for (const list of lists) for (const e of list) if (!byDay.has(e.nominalDay)) byDay.set(e.nominalDay, e);
  return [...byDay.values()].sort((a, b) => a.nominalDay - b.nominalDay);
}

import { istDate, istMidnight, istParts } from '../time/ist.js';
import { DAY_MS } from '../vocabulary/index.js';

/** When published masters renew: a time of day (IST) on trading days, weekdays that are not holidays. */
export interface RefreshSchedule {
  /** `HH:MM` IST, after the broker has published the day's files. */
  readonly at: string;
  /** Exchange holidays, `YYYY-MM-DD`: no new master is expected on them. */
  readonly holidays?: readonly string[];
}

/** The default renewal time: after brokers publish the day's files, well before the 09:15 open. */
export const DEFAULT_REFRESH_TIME = '08:00';

// Long enough for any run of weekends and holidays; a schedule that finds none is a broken holiday list.
const SEARCH_DAYS = 31;

/** The latest renewal instant at or before `now`: a master fetched before it is stale. */
export function lastRefreshPoint(now: number, schedule: RefreshSchedule): number {
  return findPoint(now, schedule, -1, (point) => point <= now);
}

/** The first renewal instant after `now`: when a master fetched now goes stale. */
export function nextRefreshPoint(now: number, schedule: RefreshSchedule): number {
  return findPoint(now, schedule, 1, (point) => point > now);
}

function findPoint(
  now: number,
  schedule: RefreshSchedule,
  step: 1 | -1,
  fits: (point: number) => boolean,
): number {
  const offset = timeOfDayMs(schedule.at);
  const holidays = new Set(schedule.holidays ?? []);
  const midnight = istMidnight(now);
  for (let k = 0; k <= SEARCH_DAYS; k++) {
    const point = midnight + step * k * DAY_MS + offset;
    const weekday = istParts(point).weekday;
    if (weekday !== 0 && weekday !== 6 && !holidays.has(istDate(point)) && fits(point)) return point;
  }
  throw new RangeError(
    `no trading day within ${SEARCH_DAYS} days of ${istDate(now)}: check the holiday list`,
  );
}

function timeOfDayMs(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`expected a time as HH:MM, got "${text}"`);
  return (hours * 60 + minutes) * 60_000;
}

import type { TradingCalendar } from './calendar.js';
import { dayOfDate } from './ist-time.js';
import { normal } from './rng.js';

/** The walk starts at its reference level on this day; days before it walk backwards from there. */
const ORIGIN_DAY = dayOfDate(2025, 1, 1);

/** Parameters of one path's daily walk of log deviations from its reference price. */
export interface AnchorParams {
  readonly seed: number;
  /** The stream key of this path's walk draws. */
  readonly key: number;
  /** Fraction of the deviation lost per session: mild mean reversion keeps prices realistic for years. */
  readonly reversion: number;
  /** Standard deviation of one session's log move. */
  readonly sigma: number;
}

/**
 * The close of each day as a log deviation from the reference: an AR(1) walk that moves on session
 * days only (so a weekend carries Friday's close). Memoized in both directions from the origin.
 */
export function createDailyAnchors(calendar: TradingCalendar, params: AnchorParams): (day: number) => number {
  const { seed, key, sigma } = params;
  const keep = 1 - params.reversion;
  // forward[i] is the close of ORIGIN_DAY - 1 + i; backward[j] the close of ORIGIN_DAY - 1 - j.
  const forward: number[] = [0];
  const backward: number[] = [0];
  return (day) => {
    if (day >= ORIGIN_DAY - 1) {
      for (let i = forward.length; i <= day - ORIGIN_DAY + 1; i++) {
        const d = ORIGIN_DAY - 1 + i;
        const previous = forward[i - 1] ?? 0;
        forward.push(calendar.isSessionDay(d) ? keep * previous + sigma * normal(seed, key, d, 0) : previous);
      }
      return forward[day - ORIGIN_DAY + 1] ?? 0;
    }
    // Before the origin the walk runs in reverse time: an AR(1) looks the same both ways.
    for (let j = backward.length; j <= ORIGIN_DAY - 1 - day; j++) {
      const d = ORIGIN_DAY - 1 - j;
      const later = backward[j - 1] ?? 0;
      backward.push(
        calendar.isSessionDay(d + 1) ? keep * later + sigma * normal(seed, key, d + 1, 1) : later,
      );
    }
    return backward[ORIGIN_DAY - 1 - day] ?? 0;
  };
}

import { isTradingDay } from '../../core/checks/index.js';
import { fromIst, istDate, istParts } from '../../core/time/ist.js';
import { DAY_MS, SESSION } from '../../core/vocabulary/index.js';

/** The session's close (15:30 IST) on the IST day containing `ms`. */
export function closeOf(ms: number): number {
  const p = istParts(ms);
  return fromIst(p.year, p.month, p.day, Math.floor(SESSION.closeMinute / 60), SESSION.closeMinute % 60);
}

/** The day whose summary is due at `ms`: today, once its session closed on a trading day. */
export function dueDay(ms: number, holidays: readonly string[]): string | undefined {
  return isTradingDay(ms, holidays) && ms >= closeOf(ms) ? istDate(ms) : undefined;
}

/** The first close of a trading day at or after `ms`, looking up to 60 days ahead. */
export function nextClose(ms: number, holidays: readonly string[]): number | undefined {
  for (let days = 0; days <= 60; days += 1) {
    const close = closeOf(ms + days * DAY_MS);
    if (close >= ms && isTradingDay(close, holidays)) return close;
  }
  return undefined;
}

/** The last trading day before the IST day containing `ms`, looking up to 10 days back. */
export function previousTradingDay(ms: number, holidays: readonly string[]): string | undefined {
  for (let days = 1; days <= 10; days += 1) {
    const close = closeOf(ms - days * DAY_MS);
    if (isTradingDay(close, holidays)) return istDate(close);
  }
  return undefined;
}

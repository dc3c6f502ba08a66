import { istDate, istParts } from '../time/ist.js';
import { isUrlLocation } from './masters-download.js';

/** An error's message as a clause inside another sentence (without its final full stop). */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

/** A location as messages show it: a URL without any query, fragment or credentials. */
export function describeLocation(location: string): string {
  if (!isUrlLocation(location)) return location;
  try {
    const url = new URL(location);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return 'the configured URL';
  }
}

/** `downloaded 2026-11-19 08:41 IST, 1 day 2 hours ago`. */
export function ageText(fetchedAt: number, now: number): string {
  const p = istParts(fetchedAt);
  const clock = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const age =
    days > 0
      ? `${unit(days, 'day')} ${unit(hours, 'hour')}`
      : hours > 0
        ? unit(hours, 'hour')
        : unit(minutes % 60, 'minute');
  return `downloaded ${istDate(fetchedAt)} ${clock} IST, ${age} ago`;
}

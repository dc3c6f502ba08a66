import type { BrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import { fromUnits, toUnits } from '../price.js';
import type { Session } from '../session/store.js';
import { fromIst, istDate, parseBrokerTime, parseExpiry } from '../time/ist.js';
import { EXCHANGES, type Exchange } from '../vocabulary/index.js';

/** `INVALID_INPUT` listing what to fix; nothing was sent. */
export function invalidInput(label: string, problems: readonly string[]): BrokerError {
  return brokerError('INVALID_INPUT', { label, issues: problems, note: 'Nothing was sent' });
}

/** Throws `INVALID_INPUT` when there are problems. */
export function assertValid(label: string, problems: readonly string[]): void {
  if (problems.length > 0) throw invalidInput(label, problems);
}

/** An exchange and a contract token. */
export interface InstrumentRef {
  readonly exchange: Exchange;
  readonly token: string;
}

/** Problems of an instrument reference. */
export function instrumentProblems(ref: InstrumentRef): string[] {
  const problems: string[] = [];
  if (!EXCHANGES.includes(ref.exchange))
    problems.push(`exchange must be one of ${EXCHANGES.join(', ')} (got ${String(ref.exchange)})`);
  if (typeof ref.token !== 'string' || !/^\d+$/.test(ref.token.trim())) {
    problems.push(`token must be the contract's numeric token as a string (got ${String(ref.token)})`);
  }
  return problems;
}

/** An instant as callers give it: a `Date`, epoch milliseconds, ISO 8601 text or a broker timestamp. */
export type TimeInput = Date | number | string;

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch milliseconds of a time input; undefined when it is not one. Text without a zone (`2026-11-20T10:00`,
 * broker forms) is IST wall-clock time, never the machine's zone.
 */
export function toEpochMs(input: TimeInput): number | undefined {
  if (input instanceof Date || typeof input === 'number') {
    const ms = input instanceof Date ? input.getTime() : input;
    return Number.isFinite(ms) ? ms : undefined;
  }
  const local = LOCAL_ISO.exec(input.trim());
  if (local !== null) {
    const [y, mo, d, h, mi, se] = local.slice(1).map((part) => Number(part ?? 0));
    const ms = fromIst(y ?? 0, mo ?? 0, d ?? 0, h, mi, se);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const ms = parseBrokerTime(input) ?? Date.parse(input);
  return Number.isFinite(ms) ? ms : undefined;
}

const CLOCK_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant from what people type, read in IST: "now", "today", "09:15" (today), dates and date-times;
 * undefined when it is none of those.
 */
export function readIstTime(text: string, nowMs: number): number | undefined {
  const t = text.trim();
  if (/^now$/i.test(t)) return nowMs;
  if (/^today$/i.test(t)) return toEpochMs(istDate(nowMs));
  const clock = CLOCK_ONLY.exec(t);
  return toEpochMs(
    clock ? `${istDate(nowMs)} ${clock[1]?.padStart(2, '0')}:${clock[2]}:${clock[3] ?? '00'}` : t,
  );
}

/** Epoch milliseconds of an expiry given as `DD-MMM-YYYY`, `DDMMMYY`, or any time input. */
export function expiryMs(input: TimeInput): number | undefined {
  return typeof input === 'string' ? (parseExpiry(input) ?? toEpochMs(input)) : toEpochMs(input);
}

/** The session fields of a session-bound body; a session is always present for such endpoints. */
export function sessionFields(session: Session | undefined): { userId: string; jKey: string } {
  if (session === undefined) throw new Error('a session-bound request was built without a session');
  return { userId: session.userId, jKey: session.key };
}

/**
 * A session-bound body: the session fields, then `fields`, as `{ ...sessionFields(session), ...fields }`
 * spells it. Not written as that spread: in V8 a spread followed by more keys builds a slow-mode object
 * (about 1.4 µs, and slower to serialise) where this takes a tenth of it.
 */
export function sessionBody<T extends object>(
  session: Session | undefined,
  fields: T,
): { userId: string; jKey: string } & T {
  return Object.assign(sessionFields(session), fields);
}

/** The session an endpoint that needs one was given. */
export function requireSession(session: Session | undefined): Session {
  if (session === undefined) throw new Error('a session-bound request was built without a session');
  return session;
}

/** A number as plain decimal text without float noise (`6.5`, `24000`). */
export function decimalText(value: number): string {
  const units = toUnits(value);
  return units === undefined ? String(value) : String(fromUnits(units));
}

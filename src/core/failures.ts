import { BrokerError, type BrokerErrorCode, type BrokerErrorDetails, isBrokerError } from './errors.js';
import type { Redactor } from './redact.js';

/** What happened, per code, in words a user can act on. */
const LEADS: Readonly<Record<BrokerErrorCode, string>> = {
  SESSION_EXPIRED: 'the broker session has expired or is invalid; log in again',
  INVALID_CREDENTIALS: 'the broker refused the login credentials',
  INVALID_INPUT: 'the request is invalid',
  NOT_FOUND: 'the broker has nothing for this request',
  RATE_LIMITED: "the broker's rate limit was hit; try again shortly",
  BROKER_UNAVAILABLE: 'the broker is unavailable right now',
  TIMEOUT: 'the broker did not answer in time',
  NETWORK: 'the broker could not be reached',
  INVALID_RESPONSE: "the broker's answer could not be read",
  OUTCOME_UNKNOWN: 'the order was sent but no definite answer came back: it may or may not have been placed',
  ABORTED: 'the request was cancelled',
  BROKER_ERROR: 'the broker refused the request',
};

/** The plain-words description of a code (`the broker did not answer in time`). */
export function describeCode(code: BrokerErrorCode): string {
  return LEADS[code];
}

/** Details for a new error plus an optional extra sentence for the message. */
export interface FailureDetails extends BrokerErrorDetails {
  /** Which operation failed, for example `getQuote`. */
  readonly label: string;
  /** One more sentence of guidance or specifics. */
  readonly note?: string;
}

/** A `BrokerError` whose message says what failed, what happened and what the broker said. */
export function brokerError(code: BrokerErrorCode, details: FailureDetails): BrokerError {
  const { label, note, ...rest } = details;
  let message = `${label}: ${LEADS[code]}`;
  if (note !== undefined) message += `. ${note}`;
  if (details.issues !== undefined && details.issues.length > 0) {
    message += ` (${details.issues.slice(0, 3).join('; ')}${details.issues.length > 3 ? '; …' : ''})`;
  }
  if (details.brokerText !== undefined && details.brokerText !== '') {
    message += `. Broker said: "${details.brokerText}"`;
  }
  return new BrokerError(code, message, rest);
}

/** The same error with more details (a tag, a label) and optionally one more sentence; fields are read-only. */
export function withDetails(error: BrokerError, extra: BrokerErrorDetails, note?: string): BrokerError {
  const message = note === undefined ? error.message : `${error.message}. ${note}`;
  return new BrokerError(error.code, message, { ...copyDetails(error), ...extra });
}

function copyDetails(error: BrokerError): BrokerErrorDetails {
  const out: { -readonly [K in keyof BrokerErrorDetails]: BrokerErrorDetails[K] } = {};
  if (error.brokerText !== undefined) out.brokerText = error.brokerText;
  if (error.endpoint !== undefined) out.endpoint = error.endpoint;
  if (error.httpStatus !== undefined) out.httpStatus = error.httpStatus;
  if (error.retryAfterMs !== undefined) out.retryAfterMs = error.retryAfterMs;
  if (error.tag !== undefined) out.tag = error.tag;
  if (error.tags.length > 0) out.tags = error.tags;
  if (error.issues.length > 0) out.issues = error.issues;
  if (error.cause !== undefined) out.cause = error.cause;
  return out;
}

/** A copy of an error safe to show anywhere: known secrets removed from message, texts and cause chain. */
export function sanitizeError(error: BrokerError, redactor: Redactor): BrokerError {
  const details = copyDetails(error);
  const safe: BrokerErrorDetails = {
    ...details,
    ...(details.brokerText === undefined ? {} : { brokerText: redactor.text(details.brokerText) }),
    ...(details.issues === undefined ? {} : { issues: details.issues.map((i) => redactor.text(i)) }),
    ...(details.cause === undefined ? {} : { cause: safeCause(details.cause, redactor, 0) }),
  };
  const copy = new BrokerError(error.code, redactor.text(error.message), safe);
  if (error.stack !== undefined) copy.stack = redactor.text(error.stack);
  return copy;
}

function safeCause(cause: unknown, redactor: Redactor, depth: number): unknown {
  if (isBrokerError(cause)) return sanitizeError(cause, redactor);
  if (!(cause instanceof Error)) return redactor.value(cause);
  const next =
    depth < 4 && cause.cause !== undefined ? safeCause(cause.cause, redactor, depth + 1) : undefined;
  const copy = new Error(redactor.text(cause.message), next === undefined ? undefined : { cause: next });
  copy.name = cause.name;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  if (cause.stack !== undefined) copy.stack = redactor.text(cause.stack);
  return copy;
}

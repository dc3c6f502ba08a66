import type { z } from 'zod';
import type { BrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import type { HttpResponse } from '../transport/http.js';
import { formatIssues } from './body.js';
import { classifyBrokerText, isNoDataText } from './classify.js';

/** What a decoder needs besides the body. */
export interface DecodeInput<T> {
  readonly response: HttpResponse;
  readonly schema: z.ZodType<T>;
  /** The operation, for messages (`getQuote`). */
  readonly label: string;
  /** The path, for `error.endpoint`. */
  readonly endpoint: string;
  /** What the broker's "no data" means here: an empty list, or that the item does not exist. */
  readonly noData: 'empty' | 'notFound';
  /** True when the answer may hold a secret (a login's session key): none of its raw text goes into errors. */
  readonly secretAnswer?: boolean;
}

/** Why an error about a secret-bearing answer quotes none of it. */
export const WITHHELD = "The answer's text is withheld: it may hold the session key";

/** A decoded answer: the validated success body, or "no data" where that means an empty list; `raw` is the parsed body. */
export type Decoded<T> =
  | { readonly kind: 'ok'; readonly value: T; readonly raw: unknown }
  | { readonly kind: 'noData'; readonly text: string; readonly raw: unknown };

/** Gateway statuses that mean an outage even when the body carries a text nobody recognises. */
const OUTAGE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * The error a broker failure text stands for. A failure envelope is the broker answering, whatever the
 * HTTP status (its docs show failures under 500): only an unknown text behind a gateway's 502/503/504
 * reads as the broker being unavailable.
 */
export function failureError(
  text: string,
  input: Omit<DecodeInput<unknown>, 'schema' | 'noData'>,
): BrokerError {
  let code = classifyBrokerText(text);
  if (code === 'BROKER_ERROR' && OUTAGE_STATUSES.has(input.response.status)) code = 'BROKER_UNAVAILABLE';
  return brokerError(code, {
    label: input.label,
    endpoint: input.endpoint,
    httpStatus: input.response.status,
    brokerText: text,
  });
}

/** A failure the body states: "no data" may be an empty list, anything else is thrown. */
export function failureOutcome<T>(text: string, raw: unknown, input: DecodeInput<T>): Decoded<T> {
  if (input.noData === 'empty' && isNoDataText(text)) return { kind: 'noData', text, raw };
  throw failureError(text, input);
}

/** Validates a success body with the endpoint's schema; a mismatch is `INVALID_RESPONSE` naming each field. */
export function successOutcome<T>(body: unknown, raw: unknown, input: DecodeInput<T>): Decoded<T> {
  const parsed = input.schema.safeParse(body);
  if (parsed.success) return { kind: 'ok', value: parsed.data, raw };
  throw invalidResponse(input, formatIssues(parsed.error));
}

/** `INVALID_RESPONSE` (or `BROKER_UNAVAILABLE` on a 5xx answer) with the reasons as readable strings. */
export function invalidResponse(
  input: Omit<DecodeInput<unknown>, 'schema' | 'noData'>,
  issues: readonly string[],
  brokerText?: string,
): BrokerError {
  const status = input.response.status;
  return brokerError(status >= 500 ? 'BROKER_UNAVAILABLE' : 'INVALID_RESPONSE', {
    label: input.label,
    endpoint: input.endpoint,
    httpStatus: status,
    issues,
    ...(brokerText === undefined ? {} : { brokerText }),
    ...(input.secretAnswer === true ? { note: WITHHELD } : {}),
  });
}

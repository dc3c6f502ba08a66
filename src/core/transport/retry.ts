import type { BrokerErrorCode } from '../errors.js';

/** How reads are retried: bounded attempts, exponential backoff with full jitter, `Retry-After` honoured. */
export interface RetryPolicy {
  /** Total attempts, the first included (1 disables retries). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call fails with `RATE_LIMITED` at once. */
  readonly maxRetryAfterMs: number;
  /** Source of jitter in [0, 1); injectable for tests. */
  readonly random: () => number;
}

/** Three attempts, 250 ms doubling to at most 4 s, `Retry-After` up to 30 s. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
  random: Math.random,
};

/** Failures of a read that another attempt may cure. */
export const RETRYABLE_READ_CODES: ReadonlySet<BrokerErrorCode> = new Set<BrokerErrorCode>([
  'NETWORK',
  'TIMEOUT',
  'BROKER_UNAVAILABLE',
  'RATE_LIMITED',
]);

/**
 * How long to wait before attempt `failed + 1`, after `failed` attempts failed; the server's
 * `Retry-After` wins over the computed backoff. Undefined means: do not retry.
 */
export function backoffDelay(policy: RetryPolicy, failed: number, retryAfterMs?: number): number | undefined {
  if (failed >= policy.attempts) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failed - 1));
  return Math.floor(policy.random() * ceiling);
}

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds from `nowMs`; undefined if absent or unreadable. */
export function parseRetryAfter(
  header: string | readonly string[] | undefined,
  nowMs: number,
): number | undefined {
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

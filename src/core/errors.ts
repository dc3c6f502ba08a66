/** Every way a broker call can fail, as one fixed list; adapters map each with a `Record<BrokerErrorCode, …>`. */
export const BROKER_ERROR_CODES = [
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_INPUT',
  'NOT_FOUND',
  'RATE_LIMITED',
  'BROKER_UNAVAILABLE',
  'TIMEOUT',
  'NETWORK',
  'INVALID_RESPONSE',
  'OUTCOME_UNKNOWN',
  'ABORTED',
  'BROKER_ERROR',
] as const;
export type BrokerErrorCode = (typeof BROKER_ERROR_CODES)[number];

/** What a caller may attach to a `BrokerError`; none of it may hold a secret. */
export interface BrokerErrorDetails {
  /** The broker's own text, kept verbatim (it is what the user needs to read). */
  readonly brokerText?: string;
  /** The path that failed, for example `/apiV2/getQuotes`. */
  readonly endpoint?: string;
  /** The HTTP status, when a response arrived. */
  readonly httpStatus?: number;
  /** How long the broker asked us to wait, in milliseconds. */
  readonly retryAfterMs?: number;
  /** The `remarks` tag of an order whose outcome is unknown, to reconcile it later. */
  readonly tag?: string;
  /** For a multi-order call of unknown outcome: the tag of every order in it. */
  readonly tags?: readonly string[];
  /** For `INVALID_RESPONSE` and `INVALID_INPUT`: which fields did not match and why. */
  readonly issues?: readonly string[];
  readonly cause?: unknown;
}

const RETRYABLE: Readonly<Record<BrokerErrorCode, boolean>> = {
  SESSION_EXPIRED: true,
  INVALID_CREDENTIALS: false,
  INVALID_INPUT: false,
  NOT_FOUND: false,
  RATE_LIMITED: true,
  BROKER_UNAVAILABLE: true,
  TIMEOUT: true,
  NETWORK: true,
  INVALID_RESPONSE: false,
  OUTCOME_UNKNOWN: false,
  ABORTED: false,
  BROKER_ERROR: false,
};

/** The one error the core raises for broker calls: a code, a user-safe message, and whether to retry. */
export class BrokerError extends Error {
  override readonly name = 'BrokerError';
  readonly code: BrokerErrorCode;
  /** Whether the same request may succeed if sent again (never true for an order of unknown outcome). */
  readonly retryable: boolean;
  readonly brokerText: string | undefined;
  readonly endpoint: string | undefined;
  readonly httpStatus: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly tag: string | undefined;
  readonly tags: readonly string[];
  readonly issues: readonly string[];

  constructor(code: BrokerErrorCode, message: string, details: BrokerErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.retryable = RETRYABLE[code];
    this.brokerText = details.brokerText;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.retryAfterMs = details.retryAfterMs;
    this.tag = details.tag;
    this.tags = details.tags ?? (details.tag === undefined ? [] : [details.tag]);
    this.issues = details.issues ?? [];
  }
}

/** Type guard, optionally for one code. */
export function isBrokerError(error: unknown, code?: BrokerErrorCode): error is BrokerError {
  return error instanceof BrokerError && (code === undefined || error.code === code);
}

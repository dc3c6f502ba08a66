import type { Dispatcher } from 'undici';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Redactor } from '../redact.js';
import type { BrokerCredentials } from '../session/credentials.js';
import type { SessionStore } from '../session/store.js';
import type { Lane, LaneReserves } from '../transport/lanes.js';
import type { RateLimitOptions } from '../transport/rate-limiter.js';
import type { RetryPolicy } from '../transport/retry.js';
import type { ClientObserver } from './observer.js';
import type { Freshness } from './shared-reads.js';

/** Whose call it is: the lane it runs in and, among people, who asks. */
export interface CallRoute {
  /** `people` by default; an order is always sent in `placement`. */
  readonly lane?: Lane;
  /**
   * Who asks: a person (a Discord user, the person a token belongs to), or a channel until persons
   * exist. People's calls wait for rate slots one asker at a time, so a busy one cannot starve another.
   */
  readonly asker?: string;
}

/** Options every method takes. */
export interface CallOptions extends CallRoute {
  /** Cancels the call; an order already sent then has an unknown outcome (`OUTCOME_UNKNOWN`). */
  readonly signal?: AbortSignal;
  /** Overall deadline of the call, retries and waits included (default `timeouts.callMs`). */
  readonly timeoutMs?: number;
}

/** Transport time limits, in milliseconds. */
export interface Timeouts {
  /** Establishing a connection (owned pool only). Default 5,000. */
  readonly connectMs: number;
  /** Waiting for the response headers. Default 10,000. */
  readonly headersMs: number;
  /** Between body chunks. Default 10,000. */
  readonly bodyMs: number;
  /** One whole HTTP exchange. Default 15,000. */
  readonly requestMs: number;
  /** One method call, all attempts and waits included. Default 30,000. */
  readonly callMs: number;
}

/** Everything `createBrokerClient` accepts; only `baseUrl` and `credentials` are required. */
export interface BrokerClientOptions {
  /** The service root, for example `https://broker.example/NorenWClientTP` (paths are appended). */
  readonly baseUrl: string;
  readonly credentials: BrokerCredentials;
  /** API generation for the operations that exist in both (login, place order, history, trade book). Default `v2`. */
  readonly generation?: 'v1' | 'v2';
  /** An undici dispatcher to send through (not closed by `close()`); default: a keep-alive pool the client owns. */
  readonly dispatcher?: Dispatcher;
  readonly timeouts?: Partial<Timeouts>;
  /** Read retries; order-placing calls are never retried. */
  readonly retry?: Partial<RetryPolicy>;
  /** Client-side rate limits per category (defaults from `RATE_LIMITS`); `false` disables them. */
  readonly rateLimits?: RateLimitOptions;
  readonly clock?: Clock;
  /** Silent by default; every message and field passes through the redactor. */
  readonly logger?: Logger;
  /** Where the session key is kept; default in memory. */
  readonly sessionStore?: SessionStore;
  /** Shared with the rest of the process so its secrets are known everywhere; one is created otherwise. */
  readonly redactor?: Redactor;
  /** Which limits endpoint `getLimits` uses by default. Default `V3`. */
  readonly limitsVersion?: 'V3' | 'V4';
  /** Longest `remarks` sent, tag included. Default 64. */
  readonly remarksMaxLength?: number;
  /** Rows one candle request may return before the window is split (the service cuts off near 1,200). Default 1,000. */
  readonly candleRowsPerRequest?: number;
  /** Keep-alive connections of people's pool (placement and the watcher have two each). Default 8. */
  readonly connections?: number;
  /**
   * How long people are given an answer already read, per kind, in milliseconds (0: none, but identical
   * reads in flight are still joined); `false` shares nothing. Default `DEFAULT_FRESHNESS`.
   */
  readonly sharing?: false | Partial<Freshness>;
  /** Slots of each rate category a lane keeps for itself. Default `DEFAULT_LANE_RESERVES`. */
  readonly laneReserves?: LaneReserves;
  /** Told of every request sent, rate wait and refusal, for metrics and health checks. */
  readonly observer?: ClientObserver;
}

/** Defaults of the transport time limits. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 5_000,
  headersMs: 10_000,
  bodyMs: 10_000,
  requestMs: 15_000,
  callMs: 30_000,
};

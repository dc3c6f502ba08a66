import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Redactor } from '../redact.js';
import type { SessionManager } from '../session/session-manager.js';
import type { HttpTransport } from '../transport/http.js';
import type { Lane } from '../transport/lanes.js';
import type { RateLimiter } from '../transport/rate-limiter.js';
import type { RetryPolicy } from '../transport/retry.js';
import type { ClientObserver } from './observer.js';
import type { CallRoute, Timeouts } from './options.js';
import type { SharedReads } from './shared-reads.js';

/** What the operation groups share: the parts `createBrokerClient` wires together. */
export interface ClientContext {
  /** Each lane's own connections (one transport for all when the caller gave a dispatcher). */
  readonly transports: Readonly<Record<Lane, HttpTransport>>;
  readonly limiter: RateLimiter;
  readonly session: SessionManager;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
  readonly retry: RetryPolicy;
  readonly timeouts: Timeouts;
  readonly generation: 'v1' | 'v2';
  readonly limitsVersion: 'V3' | 'V4';
  readonly remarksMaxLength: number;
  readonly candleRowsPerRequest: number;
  /** Identical reads joined and recent answers reused; absent when sharing is off. */
  readonly shared: SharedReads | undefined;
  /** The lane and asker of calls that name none (a view made with `as` sets them). */
  readonly route: CallRoute;
  /** Aborts when the client closes: every wait and request then stops. */
  readonly closed: AbortSignal;
  /** Told of every request, rate wait and refusal (metrics, readiness); never throws. */
  readonly observer: Required<ClientObserver>;
}

import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Redactor } from '../redact.js';
import type { SessionManager } from '../session/session-manager.js';
import type { HttpTransport } from '../transport/http.js';
import type { RateLimiter } from '../transport/rate-limiter.js';
import type { RetryPolicy } from '../transport/retry.js';
import type { Timeouts } from './options.js';

/** What the operation groups share: the parts `createBrokerClient` wires together. */
export interface ClientContext {
  readonly transport: HttpTransport;
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
  /** Aborts when the client closes: every wait and request then stops. */
  readonly closed: AbortSignal;
}

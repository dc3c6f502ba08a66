import { systemClock } from '../clock.js';
import { redactingLogger, silentLogger } from '../logger.js';
import { Redactor } from '../redact.js';
import { credentialProblems, credentialSecrets } from '../session/credentials.js';
import { SessionManager } from '../session/session-manager.js';
import { createMemorySessionStore } from '../session/store.js';
import { HttpTransport } from '../transport/http.js';
import { createRateLimiter } from '../transport/rate-limiter.js';
import { DEFAULT_RETRY } from '../transport/retry.js';
import { accountMethods } from './account.js';
import type { ClientContext } from './context.js';
import { guardMethods } from './guard.js';
import { loginPerformer } from './login.js';
import { marketDataMethods } from './market-data.js';
import { type BrokerClientOptions, DEFAULT_TIMEOUTS } from './options.js';
import { orderMethods } from './orders.js';
import { reportMethods } from './reports.js';
import { trackingMethods } from './tracking.js';
import type { BrokerClient } from './types.js';
import { assertValid } from './validate.js';

/** Creates the broker client: one typed surface over both API generations, with sessions, limits and retries. */
export function createBrokerClient(options: BrokerClientOptions): BrokerClient {
  const generation = options.generation ?? 'v2';
  const problems = credentialProblems(options.credentials, generation);
  if (typeof options.baseUrl !== 'string' || !/^https?:\/\/\S+$/.test(options.baseUrl)) {
    problems.push('baseUrl must be an http(s) URL');
  }
  assertValid('createBrokerClient', problems);

  const redactor = options.redactor ?? new Redactor();
  redactor.add(...credentialSecrets(options.credentials));
  const clock = options.clock ?? systemClock;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const lifetime = new AbortController();
  const transport = new HttpTransport({
    baseUrl: options.baseUrl,
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    connectTimeoutMs: timeouts.connectMs,
    headersTimeoutMs: timeouts.headersMs,
    bodyTimeoutMs: timeouts.bodyMs,
    connections: options.connections ?? 8,
  });
  // The login runs through the same pipeline as every call, so the manager gets it lazily.
  let ctx: ClientContext | undefined;
  const session = new SessionManager(
    (signal) => loginPerformer(ctx as ClientContext, options.credentials, signal),
    options.sessionStore ?? createMemorySessionStore(),
    redactor,
    lifetime.signal,
  );
  ctx = {
    transport,
    limiter: createRateLimiter(clock, options.rateLimits ?? {}),
    session,
    clock,
    logger: redactingLogger(options.logger ?? silentLogger, redactor),
    redactor,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    timeouts,
    generation,
    limitsVersion: options.limitsVersion ?? 'V3',
    remarksMaxLength: options.remarksMaxLength ?? 64,
    candleRowsPerRequest: options.candleRowsPerRequest ?? 1_000,
    closed: lifetime.signal,
  };
  const reports = reportMethods(ctx);
  const methods = {
    ...accountMethods(ctx),
    ...marketDataMethods(ctx),
    ...orderMethods(ctx),
    ...reports,
  };
  const client = guardMethods(redactor, { ...methods, ...trackingMethods(ctx, reports) });
  return {
    ...client,
    async close(): Promise<void> {
      lifetime.abort(new Error('the broker client is closed'));
      await transport.close();
    },
  };
}

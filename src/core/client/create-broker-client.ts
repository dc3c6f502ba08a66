import { systemClock } from '../clock.js';
import { redactingLogger, silentLogger } from '../logger.js';
import { Redactor } from '../redact.js';
import { credentialProblems, credentialSecrets } from '../session/credentials.js';
import { SessionManager } from '../session/session-manager.js';
import { createMemorySessionStore } from '../session/store.js';
import { HttpTransport } from '../transport/http.js';
import { DEFAULT_LANE_RESERVES, LANE_CONNECTIONS, type Lane } from '../transport/lanes.js';
import { createRateLimiter } from '../transport/rate-limiter.js';
import { DEFAULT_RETRY } from '../transport/retry.js';
import { ownSignal } from '../transport/signals.js';
import { accountMethods } from './account.js';
import type { ClientContext } from './context.js';
import { guardMethods } from './guard.js';
import { loginPerformer } from './login.js';
import { marketDataMethods } from './market-data.js';
import { guardedObserver } from './observer.js';
import { type BrokerClientOptions, type CallRoute, DEFAULT_TIMEOUTS } from './options.js';
import { orderChangeMethods } from './order-changes.js';
import { orderMethods } from './orders.js';
import { reportMethods } from './reports.js';
import { DEFAULT_FRESHNESS, SharedReads } from './shared-reads.js';
import { trackingMethods } from './tracking.js';
import type { BrokerClient, BrokerView } from './types.js';
import { assertValid } from './validate.js';

/** Every method over `ctx`, guarded, and `as` for views of the same client under another route. */
function methodsOf(ctx: ClientContext): BrokerView {
  const reports = reportMethods(ctx);
  const methods = {
    ...accountMethods(ctx),
    ...marketDataMethods(ctx),
    ...orderMethods(ctx),
    ...reports,
    ...trackingMethods(ctx, reports),
    ...orderChangeMethods(ctx, reports),
  };
  return {
    ...guardMethods(ctx.redactor, methods),
    as: (route: CallRoute) => methodsOf({ ...ctx, route: { ...ctx.route, ...route } }),
  };
}

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
  // Every exchange in flight listens for the client closing: as many as the lanes let out at once.
  ownSignal(lifetime.signal);
  const transport = (connections: number): HttpTransport =>
    new HttpTransport({
      baseUrl: options.baseUrl,
      ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
      connectTimeoutMs: timeouts.connectMs,
      headersTimeoutMs: timeouts.headersMs,
      bodyTimeoutMs: timeouts.bodyMs,
      connections,
      lifetime: lifetime.signal,
    });
  const people = transport(options.connections ?? 8);
  // A caller's dispatcher is the caller's pool: every lane sends through it.
  const transports: Record<Lane, HttpTransport> =
    options.dispatcher === undefined
      ? {
          placement: transport(LANE_CONNECTIONS.placement),
          watcher: transport(LANE_CONNECTIONS.watcher),
          people,
        }
      : { placement: people, watcher: people, people };
  const limiter = createRateLimiter(
    clock,
    options.rateLimits ?? {},
    options.laneReserves ?? DEFAULT_LANE_RESERVES,
  );
  // The login runs through the same pipeline as every call, so the manager gets it lazily.
  let ctx: ClientContext | undefined;
  const session = new SessionManager(
    (signal) => loginPerformer(ctx as ClientContext, options.credentials, signal),
    options.sessionStore ?? createMemorySessionStore(),
    redactor,
    lifetime.signal,
  );
  ctx = {
    transports,
    limiter,
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
    shared:
      options.sharing === false
        ? undefined
        : new SharedReads(clock, { ...DEFAULT_FRESHNESS, ...options.sharing }),
    route: {},
    closed: lifetime.signal,
    observer: guardedObserver(options.observer),
  };
  return {
    ...methodsOf(ctx),
    async close(): Promise<void> {
      const reason = new Error('the broker client is closed');
      lifetime.abort(reason);
      limiter.close(reason);
      await Promise.all([...new Set(Object.values(transports))].map((t) => t.close()));
    },
  };
}

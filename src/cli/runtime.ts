import { join } from 'node:path';
import { AuditLog } from '../core/audit/index.js';
import type { InstrumentCatalog } from '../core/catalogue/index.js';
import { type ClientObserver, createBrokerClient } from '../core/client/index.js';
import type { BrokerClient } from '../core/client/types.js';
import { systemClock } from '../core/clock.js';
import { type Config, configRedactor } from '../core/config/index.js';
import { type GatePeople, OrderGate, withdrawWhenEnded } from '../core/gate/index.js';
import { type Logger, redactingLogger } from '../core/logger.js';
import { openPeopleDirectory, type PeopleDirectory } from '../core/people/index.js';
import type { Redactor } from '../core/redact.js';
import { OrderWatcher } from '../core/watcher/index.js';
import { DEMO_ACCOUNT } from '../sim/accounts.js';
import { createSimulator, type Simulator } from '../sim/create-simulator.js';
import { type LiveCatalog, liveCatalog, paperCatalog } from './catalog-supplier.js';
import { auditAnchor, loadStartConfig } from './config.js';
import { type HeldDataDir, holdDataDir } from './data-dir-hold.js';
import { stopRequests } from './lifecycle.js';
import { listenFailure } from './listen-error.js';
import { loginAtStart, StartInterrupted } from './start-login.js';

/** Everything one omsdesk process runs on: the broker (embedded or live), the client, the master, the gate. */
export interface Runtime {
  readonly config: Config;
  readonly client: BrokerClient;
  readonly catalog: () => InstrumentCatalog;
  readonly gate: OrderGate;
  /** Follows every order of the account; the gate, the MCP server and the Discord desk listen to it. */
  readonly watcher: OrderWatcher;
  readonly audit: AuditLog;
  /** Who is who, with a people file (re-read on change, tokens checked per request); undefined without one. */
  readonly people: PeopleDirectory | undefined;
  readonly redactor: Redactor;
  readonly logger: Logger;
  /** The embedded paper broker, when no broker URL is configured. */
  readonly sim: Simulator | undefined;
  /** Stops taking decisions before a graceful stop: tickets still waiting expire (cards and clients are told). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** How the start waits for a broker that cannot be reached yet, and what stops the wait. */
export interface StartOptions {
  readonly signal?: AbortSignal;
  readonly loginDelaysMs?: readonly number[];
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The data dir, already taken by the caller; the runtime releases it when it closes or fails. */
  readonly held?: HeldDataDir;
  /** Told of the broker client's requests, rate waits and refusals (probes and metrics). */
  readonly observer?: ClientObserver;
}

/**
 * Takes the data dir (unless the caller holds it already; see holdDataDir), starts
 * the paper broker (unless a live one is configured), logs in (waiting out a broker that is down), and
 * opens the audit log and the gate.
 */
export async function startRuntime(
  config: Config,
  baseLogger: Logger,
  command: string,
  options: StartOptions = {},
): Promise<Runtime> {
  const redactor = configRedactor(config);
  const logger = redactingLogger(baseLogger, redactor);
  const held = options.held ?? (await holdDataDir(config, command));
  const unlock = (): Promise<void> => held.release();
  const sim = await startSim(config, logger).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const broker = config.broker;
  const client = createBrokerClient({
    baseUrl: broker.mode === 'paper' ? (sim as Simulator).url : broker.url,
    generation: broker.generation,
    credentials: broker.mode === 'paper' ? paperCredentials() : broker.credentials,
    timeouts: { requestMs: broker.timeouts.requestMs, connectMs: broker.timeouts.connectMs },
    sharing: broker.freshness,
    logger,
    redactor,
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  });
  let audit: AuditLog | undefined;
  let watcher: OrderWatcher | undefined;
  let live: LiveCatalog | undefined;
  let people: PeopleDirectory | undefined;
  try {
    await loginAtStart(() => client.login(), {
      logger,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.loginDelaysMs === undefined ? {} : { delaysMs: options.loginDelaysMs }),
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    });
    live = sim ? undefined : await liveCatalog(config, logger);
    const catalog = live?.get ?? paperCatalog(sim as Simulator);
    audit = await AuditLog.open(config.audit.path, systemClock, redactor, {
      anchor: auditAnchor(config),
      notice: (message) => logger.warn(message),
    });
    const file = config.people?.file;
    people =
      file === undefined
        ? undefined
        : await openPeopleDirectory({ file, dataDir: config.dataDir, audit, clock: systemClock, logger });
    watcher = new OrderWatcher({
      broker: client,
      clock: systemClock,
      statePath: join(config.dataDir, 'watcher.json'),
      intervalMs: config.gate.watchIntervalMs,
      hours: config.policy,
      logger,
    });
    const gate = await OrderGate.open({
      feed: watcher,
      broker: client,
      catalog,
      audit,
      clock: systemClock,
      policy: config.policy,
      ttlMs: config.gate.ticketTtlSeconds * 1000,
      maxPriceDriftPct: config.gate.maxPriceDriftPct,
      maxPriceDriftTicks: config.gate.maxPriceDriftTicks,
      ...(people === undefined || config.people === undefined
        ? {}
        : { people: gatePeople(people, config.people.fourEyes) }),
    });
    // Started once the gate listens, so no event of the first look passes it by.
    await watcher.start();
    if (config.policy.haltCancels) {
      gate.onKillFilePull((pull) => {
        if ('error' in pull) {
          const { error } = pull;
          logger.error('kill file: could not pull the working orders', {
            error: redactor.text(error instanceof Error ? error.message : String(error)),
          });
          return;
        }
        const results = pull.pulled;
        logger.warn('kill file: working orders pulled', {
          orders: results.length,
          cancelled: results.filter((r) => r.outcome === 'cancelled').length,
          notCancelled: results
            .filter((r) => r.outcome !== 'cancelled')
            .map((r) => `${r.orderNumber} ${r.outcome}`),
        });
      });
      gate.watchKillFile({ intervalMs: 1_000 });
    }
    const stopLooking = people === undefined ? undefined : lookRegularly(people, gate, logger);
    logger.info(
      sim ? `paper broker at ${sim.url}` : `live broker at ${broker.mode === 'live' ? broker.url : ''}`,
    );
    const opened = audit;
    const watching = watcher;
    const directory = people;
    return {
      config,
      client,
      catalog,
      gate,
      watcher: watching,
      audit: opened,
      people: directory,
      redactor,
      logger,
      sim,
      drain: () => gate.expirePending(),
      async close() {
        stopLooking?.();
        await gate.expirePending();
        watching.close();
        gate.close();
        await live?.close();
        await directory?.close();
        await opened.close();
        await client.close();
        await sim?.close();
        await unlock();
      },
    };
  } catch (error) {
    watcher?.close();
    await live?.close();
    await people?.close();
    await audit?.close();
    await client.close();
    await sim?.close();
    await unlock();
    throw error;
  }
}

/** The people file as the gate reads it: the directory's last look (every request looks again). */
function gatePeople(directory: PeopleDirectory, fourEyes: boolean): GatePeople {
  return {
    person: (id) => directory.known(id),
    credentialActive: (id) => directory.credentialActive(id),
    refresh: () => directory.refresh(),
    fourEyes,
  };
}

/** How often the people file and the token journal are looked at while no request does it. */
const LOOK_EVERY_MS = 2_000;

/**
 * Ends what a revoked token or a removed person started even while nobody calls: the directory is looked
 * at regularly (a `stat` each), and each ending declines its waiting tickets.
 */
function lookRegularly(people: PeopleDirectory, gate: OrderGate, logger: Logger): () => void {
  const stopWithdrawing = withdrawWhenEnded(gate, people);
  const timer = setInterval(() => {
    people
      .refresh()
      .catch((error: unknown) => logger.warn('could not look at the people file', { error: String(error) }));
  }, LOOK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopWithdrawing();
  };
}

function startSim(config: Config, logger: Logger): Promise<Simulator | undefined> {
  if (config.broker.mode !== 'paper') return Promise.resolve(undefined);
  return createSimulator({
    seed: config.sim.seed,
    hours: config.sim.hours,
    port: config.sim.port,
    ...(config.sim.statePath === undefined ? {} : { statePath: config.sim.statePath }),
    onError: (error, where) => logger.error('paper broker error', { where, error: String(error) }),
  }).catch((error: unknown) => {
    throw listenFailure(error, 'the embedded paper broker', 'OMSDESK_SIM_PORT (0 picks a free port)');
  });
}

function paperCredentials() {
  return {
    userId: DEMO_ACCOUNT.userId,
    password: DEMO_ACCOUNT.password,
    apiKey: DEMO_ACCOUNT.apiKey,
    vendorCode: DEMO_ACCOUNT.vendorCode,
    totpSecret: DEMO_ACCOUNT.totpSecret,
    dobOrPan: DEMO_ACCOUNT.dobOrPan,
  };
}

/**
 * Loads the configuration, reports its warnings and the data dir on stderr, runs `check` on it, then
 * starts the runtime; Ctrl-C or SIGTERM during the start stops it (StartInterrupted, exit 0).
 */
export async function startFromEnvironment(
  command: string,
  check: (config: Config) => void,
  options: {
    readonly observer?: ClientObserver;
    /** Runs once the configuration is known, before the runtime starts; may give the client's observer. */
    readonly configured?: (config: Config) => Promise<{ readonly observer?: ClientObserver }>;
  } = {},
): Promise<Runtime> {
  const { config, logger } = await loadStartConfig(command, check);
  const late = (await options.configured?.(config))?.observer;
  const observer = late ?? options.observer;
  const stop = stopRequests();
  const rt = await startRuntime(config, logger, command, {
    signal: stop,
    ...(observer === undefined ? {} : { observer }),
  });
  if (!stop.aborted) return rt;
  await rt.close();
  throw new StartInterrupted();
}

import { AuditLog } from '../core/audit/index.js';
import type { InstrumentCatalog } from '../core/catalogue/index.js';
import { createBrokerClient } from '../core/client/index.js';
import type { BrokerClient } from '../core/client/types.js';
import { systemClock } from '../core/clock.js';
import { type Config, configRedactor } from '../core/config/index.js';
import { OrderGate } from '../core/gate/index.js';
import { type Logger, redactingLogger } from '../core/logger.js';
import type { Redactor } from '../core/redact.js';
import { DEMO_ACCOUNT } from '../sim/accounts.js';
import { createSimulator, type Simulator } from '../sim/create-simulator.js';
import { type LiveCatalog, liveCatalog, paperCatalog } from './catalog-supplier.js';
import { loadCliConfig } from './load-config.js';
import { stderrLogger } from './logger.js';

/** Everything one omsdesk process runs on: the broker (embedded or live), the client, the master, the gate. */
export interface Runtime {
  readonly config: Config;
  readonly client: BrokerClient;
  readonly catalog: () => InstrumentCatalog;
  readonly gate: OrderGate;
  readonly audit: AuditLog;
  readonly redactor: Redactor;
  readonly logger: Logger;
  /** The embedded paper broker, when no broker URL is configured. */
  readonly sim: Simulator | undefined;
  close(): Promise<void>;
}

/** Starts the paper broker (unless a live one is configured), logs in, and opens the audit log and the gate. */
export async function startRuntime(config: Config, baseLogger: Logger): Promise<Runtime> {
  const redactor = configRedactor(config);
  const logger = redactingLogger(baseLogger, redactor);
  const sim =
    config.broker.mode === 'paper'
      ? await createSimulator({
          seed: config.sim.seed,
          hours: config.sim.hours,
          port: config.sim.port,
          ...(config.sim.statePath === undefined ? {} : { statePath: config.sim.statePath }),
          onError: (error, where) => logger.error('paper broker error', { where, error: String(error) }),
        })
      : undefined;
  const broker = config.broker;
  const client = createBrokerClient({
    baseUrl: broker.mode === 'paper' ? (sim as Simulator).url : broker.url,
    generation: broker.generation,
    credentials:
      broker.mode === 'paper'
        ? {
            userId: DEMO_ACCOUNT.userId,
            password: DEMO_ACCOUNT.password,
            apiKey: DEMO_ACCOUNT.apiKey,
            vendorCode: DEMO_ACCOUNT.vendorCode,
            totpSecret: DEMO_ACCOUNT.totpSecret,
            dobOrPan: DEMO_ACCOUNT.dobOrPan,
          }
        : broker.credentials,
    timeouts: { requestMs: broker.timeouts.requestMs, connectMs: broker.timeouts.connectMs },
    logger,
    redactor,
  });
  let live: LiveCatalog | undefined;
  try {
    await client.login();
    live = sim ? undefined : await liveCatalog(config, logger);
    const catalog = live?.get ?? paperCatalog(sim as Simulator);
    const audit = await AuditLog.open(config.audit.path, systemClock, redactor);
    const gate = new OrderGate({
      broker: client,
      catalog,
      audit,
      clock: systemClock,
      policy: config.policy,
      ttlMs: config.gate.ticketTtlSeconds * 1000,
      maxPriceDriftPct: config.gate.maxPriceDriftPct,
    });
    logger.info(
      sim ? `paper broker at ${sim.url}` : `live broker at ${broker.mode === 'live' ? broker.url : ''}`,
    );
    return {
      config,
      client,
      catalog,
      gate,
      audit,
      redactor,
      logger,
      sim,
      async close() {
        gate.close();
        await live?.close();
        await audit.close();
        await client.close();
        await sim?.close();
      },
    };
  } catch (error) {
    await live?.close();
    await client.close();
    await sim?.close();
    throw error;
  }
}

/** Loads the configuration, reports its warnings on stderr, runs `check` on it, then starts the runtime. */
export async function startFromEnvironment(check: (config: Config) => void): Promise<Runtime> {
  const config = await loadCliConfig();
  const logger = stderrLogger(config.log.level);
  for (const warning of config.warnings) logger.warn(warning);
  check(config);
  return startRuntime(config, logger);
}

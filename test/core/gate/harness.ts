import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Actor } from '../../../src/core/audit/index.js';
import { type AuditEntry, AuditLog } from '../../../src/core/audit/index.js';
import { parseInstrumentCatalog } from '../../../src/core/catalogue/index.js';
import { createBrokerClient, type Freshness } from '../../../src/core/client/index.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { loadConfig } from '../../../src/core/config/index.js';
import { type GateOptions, OrderGate } from '../../../src/core/gate/index.js';
import { Redactor } from '../../../src/core/redact.js';
import { OrderWatcher } from '../../../src/core/watcher/index.js';
import { instrumentsCsv } from '../../../src/sim/market/index.js';
import { type CountingProxy, startCountingProxy } from '../../helpers/counting-proxy.js';
import { type SimHarness, simCredentials, startSim } from '../../helpers/sim.js';
import { FakeClock } from '../support/fake-clock.js';

export const ALICE: Actor = { channel: 'test', id: 'alice', name: 'Alice' };
export const MODEL: Actor = { channel: 'mcp-tool', id: 'model' };

/** Gate options a test may set. */
export type GateTestOptions = Partial<
  Pick<
    GateOptions,
    'ttlMs' | 'maxPriceDriftPct' | 'maxPriceDriftTicks' | 'acceptWaitMs' | 'settle' | 'retention' | 'people'
  >
> & {
  /** The client's own timeouts (short ones make a slow broker's answer arrive after them). */
  readonly clientTimeouts?: { readonly headersMs: number; readonly requestMs: number };
  /** Follow orders through an order watcher (as the product runs) instead of history reads. */
  readonly watcher?: boolean;
  /** The client's shared reads (off by default: on the wall clock they make tests depend on speed). */
  readonly sharing?: false | Partial<Freshness>;
  /** Sends the client's requests through a counting proxy that can hold some of them. */
  readonly proxy?: boolean;
};

/** A gate over the real client and a real paper broker, counting every placement call that leaves it. */
export interface GateHarness {
  readonly h: SimHarness;
  /** The current gate (a new one after `reopen`). */
  readonly gate: OrderGate;
  readonly clock: FakeClock;
  readonly client: BrokerClient;
  /** Placement calls the gate made (each one would reach the broker). */
  readonly placements: unknown[];
  /** Order-history reads made by the gate (one per order followed on its own). */
  readonly historyReads: string[];
  /** The order watcher, when the gate follows through one. */
  readonly watcher: OrderWatcher | undefined;
  /** The counting proxy between the client and the broker, when asked for. */
  readonly proxy: CountingProxy | undefined;
  readonly auditPath: string;
  readonly dataDir: string;
  /** The gate's audit log (a new one after `reopen`): its one writer, which the people directory shares. */
  readonly audit: AuditLog;
  auditEvents(): Promise<string[]>;
  auditEntries(): Promise<AuditEntry[]>;
  /**
   * Stops the gate as a process exit would, and opens a new one on the same audit log and broker, after
   * `downMs` of the clock passed with no gate running.
   */
  reopen(options?: GateTestOptions, downMs?: number): Promise<OrderGate>;
  close(): Promise<void>;
}

/** Starts everything; `env` sets OMSDESK_ policy variables (caps, read-only) as a user would. */
export async function startGate(
  env: Record<string, string> = {},
  options: GateTestOptions = {},
): Promise<GateHarness> {
  const h = await startSim();
  const dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-gate-'));
  const config = loadConfig({ env: { OMSDESK_DATA_DIR: dataDir, ...env } });
  const clock = new FakeClock({ start: h.clock.now(), auto: false });
  const proxy = options.proxy ? await startCountingProxy(h.sim.url) : undefined;
  const client = createBrokerClient({
    baseUrl: proxy?.url ?? h.sim.url,
    // The paper broker runs on a manual clock: codes are for its time, not the wall clock's.
    credentials: simCredentials(h),
    rateLimits: false,
    // On the wall clock, a shared answer would make what a test reads depend on its speed.
    sharing: options.sharing ?? false,
    // Short enough that a stalled placement turns UNKNOWN quickly in tests.
    timeouts: options.clientTimeouts ?? { headersMs: 1_500, requestMs: 2_000 },
  });
  const placements: unknown[] = [];
  const historyReads: string[] = [];
  const counted: BrokerClient = {
    ...client,
    getOrderHistory: (...args) => {
      historyReads.push(args[0]);
      return client.getOrderHistory(...args);
    },
    waitForOrder: (...args) => {
      historyReads.push(args[0]);
      return client.waitForOrder(...args);
    },
    placeOrder: (...args) => {
      placements.push(args[0]);
      return client.placeOrder(...args);
    },
    placeOrders: (...args) => {
      placements.push(args[0]);
      return client.placeOrders(...args);
    },
    placeLongStraddle: (...args) => {
      placements.push(args[0]);
      return client.placeLongStraddle(...args);
    },
  };
  const catalog = parseInstrumentCatalog(instrumentsCsv(h.sim.market.universe(h.clock.now())));
  const anchor = { path: `${config.audit.path}.anchor`, keyPath: join(dataDir, 'keys', 'audit.key') };
  const open = async (o: GateTestOptions) => {
    const audit = await AuditLog.open(config.audit.path, clock, new Redactor(), { anchor });
    const watcher = o.watcher
      ? new OrderWatcher({ broker: counted, clock, statePath: join(dataDir, 'watcher.json') })
      : undefined;
    const gate = await OrderGate.open({
      broker: counted,
      catalog: () => catalog,
      audit,
      clock,
      policy: config.policy,
      acceptWaitMs: 2_000,
      ...(watcher ? { feed: watcher } : {}),
      ...o,
    });
    return { audit, gate, watcher };
  };
  let current = await open(options);
  const entries = async (): Promise<AuditEntry[]> => {
    const text = await readFile(config.audit.path, 'utf8');
    return text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEntry);
  };
  return {
    h,
    get gate() {
      return current.gate;
    },
    clock,
    client,
    placements,
    historyReads,
    get watcher() {
      return current.watcher;
    },
    proxy,
    auditPath: config.audit.path,
    dataDir,
    get audit() {
      return current.audit;
    },
    async auditEvents() {
      return (await entries()).map((e) => e.event);
    },
    auditEntries: entries,
    async reopen(o = options, downMs = 0) {
      current.watcher?.close();
      current.gate.close();
      await current.audit.close();
      await clock.advance(downMs);
      current = await open(o);
      return current.gate;
    },
    async close() {
      current.watcher?.close();
      current.gate.close();
      await current.audit.close();
      proxy?.release();
      await client.close();
      await proxy?.close();
      await h.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import type { AddressInfo } from 'node:net';
import { AccountState } from './account-state.js';
import { DEMO_ACCOUNT, type SimAccountConfig } from './accounts.js';
import { ManualClock, type SimClock, SystemClock } from './clock.js';
import { FaultPlan } from './control/faults.js';
import { controlHooks } from './control/hooks.js';
import { SimRateLimits } from './control/rate-limits.js';
import { type ControlViews, createControl } from './control/routes.js';
import { createSimServer } from './http/server.js';
import { createMarket } from './market/market.js';
import type { Market } from './market/types.js';
import { ordersView } from './orders/control-view.js';
import { driveEngine } from './orders/driver.js';
import { OrderEngine } from './orders/engine.js';
import { captureState, restoreState } from './persistence.js';
import { ROUTES } from './routes.js';
import type { SimRuntime } from './runtime.js';
import { SessionRegistry } from './sessions.js';
import { createSaver, readState, writeState } from './state-file.js';

/** How to start a paper broker; every field has a default that works on a fresh machine. */
export interface SimulatorOptions {
  /** Seed of the deterministic market (default 1). */
  readonly seed?: number;
  /** Defaults to the system clock; tests pass a `ManualClock`. */
  readonly clock?: SimClock;
  /** `always` (default): open whenever it runs; `real`: NSE hours 09:15-15:30 IST on weekdays. */
  readonly hours?: 'always' | 'real';
  readonly holidays?: readonly string[];
  readonly host?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Extra accounts; the demo account `SIM001` always exists unless one here replaces it. */
  readonly accounts?: readonly SimAccountConfig[];
  /** Persist accounts, sessions and orders in this file, written atomically. */
  readonly statePath?: string;
  /** When session keys stop working each day, `HH:MM` IST (default `00:00`, the end of the day). */
  readonly sessionCutoff?: string;
  readonly maxBodyBytes?: number;
  readonly maxCandles?: number;
  /** Enforce the real service's per-user rate limits (default true; benchmarks turn them off). */
  readonly rateLimits?: boolean;
  /** Receives unexpected errors (the client only ever sees a family-shaped failure). */
  readonly onError?: (error: unknown, where: string) => void;
  /** Delay between an order's acknowledgement and its risk checks, in clock time (default 0). */
  readonly orderLatencyMs?: number;
  /** How often the order engine also steps in real time for live watchers (default 300 ms; 0: never). */
  readonly engineTickMs?: number;
  /** Who may use the `/_sim` control surface, by peer address (default: this machine only). */
  readonly controlFrom?: (address: string | undefined) => boolean;
}

/** A running paper broker. */
export interface Simulator {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly clock: SimClock;
  readonly market: Market;
  readonly runtime: SimRuntime;
  /** Injected faults (also armed over HTTP at `/_sim/faults`). */
  readonly faults: FaultPlan;
  readonly rateLimits: SimRateLimits;
  /** Writes the state file now (when one is configured). */
  save(): Promise<void>;
  /** Stops accepting requests, closes connections and saves state. */
  close(): Promise<void>;
}

/** Starts the paper broker on `host:port` and resolves once it listens. */
export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = options.clock ?? new SystemClock();
  const onError = options.onError ?? (() => undefined);
  const configs = new Map<string, SimAccountConfig>([[DEMO_ACCOUNT.userId, DEMO_ACCOUNT]]);
  for (const a of options.accounts ?? []) configs.set(a.userId, a);
  const market = createMarket({
    seed: options.seed ?? 1,
    hours: options.hours ?? 'always',
    holidays: options.holidays ?? [],
  });
  const accounts = new Map([...configs].map(([id, config]) => [id, new AccountState(config)]));
  const engine = new OrderEngine({ market, accounts, latencyMs: options.orderLatencyMs ?? 0 });
  const runtime: SimRuntime = {
    clock,
    market,
    sessions: new SessionRegistry(options.sessionCutoff),
    accounts,
    orders: engine,
    maxCandles: options.maxCandles ?? 1200,
    openDerivatives: (userId) => engine.openDerivatives(userId),
  };

  const statePath = options.statePath;
  if (statePath) {
    const snapshot = await readState(statePath);
    if (snapshot) restoreState(runtime, snapshot);
  }
  const saveNow = async (): Promise<void> => {
    if (statePath) await writeState(statePath, captureState(runtime, clock.now()));
  };
  const saver = createSaver(saveNow, (error) => onError(error, 'state file'));

  const faults = new FaultPlan();
  const rateLimits = new SimRateLimits(options.rateLimits ?? true);
  const persist = statePath ? () => saver.request() : undefined;
  const driver = driveEngine(engine, clock, {
    tickMs: options.engineTickMs ?? 300,
    persist,
    onError,
  });
  let requests = 0;
  const views: ControlViews = {
    faults: () => faults.list(),
    orders: () => ordersView(engine.store),
    stats: () => ({ requests, cpu: process.cpuUsage(), uptimeMs: Math.round(process.uptime() * 1000) }),
  };
  const advance =
    clock instanceof ManualClock || clock instanceof SystemClock
      ? (ms: number) => clock.advance(ms)
      : undefined;
  const server = createSimServer(runtime, ROUTES, {
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    onError,
    settle: driver.settle,
    onRequest: () => {
      requests += 1;
    },
    hooks: controlHooks(faults, rateLimits, persist),
    ...(options.controlFrom === undefined ? {} : { controlFrom: options.controlFrom }),
    control: createControl({
      rt: runtime,
      faults,
      limits: rateLimits,
      views,
      advance,
      changed: () => {
        engine.touch();
        driver.settle(clock.now());
        persist?.();
      },
    }),
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error): void => {
      driver.stop();
      reject(error);
    };
    server.once('error', failed);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    host,
    port,
    clock,
    market: runtime.market,
    runtime,
    faults,
    rateLimits,
    async save() {
      saver.request();
      await saver.flush();
    },
    async close() {
      driver.stop();
      faults.dispose();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (statePath) {
        saver.request();
        await saver.flush();
      }
    },
  };
}

import type { ClientObserver } from '../../core/client/index.js';
import type { McpObserver } from '../../mcp/deps.js';
import type { Runtime } from '../runtime.js';
import { BrokerHealth } from './broker-health.js';
import { createMetrics, type Metrics } from './metrics.js';
import { Readiness, writableDir } from './readiness.js';
import { type OpsRoutes, opsRoutes } from './routes.js';

/** What a long-running command keeps for its probes and metrics, fed as its parts start. */
export interface Ops {
  /** For the broker client: the metrics and the broker's health for `/readyz`. */
  readonly client: ClientObserver;
  /** For the MCP service: tool calls. */
  readonly mcp: McpObserver;
  readonly routes: OpsRoutes;
  readonly metrics: Metrics;
  /** The runtime is up: its broker, data dir and gate are followed. */
  runtime(rt: Pick<Runtime, 'config' | 'gate' | 'people' | 'audit'>): void;
  /** The Discord desk is up: its gateway is a part of readiness, its REST 429s are counted. */
  desk(desk: { gatewayConnected(): boolean; restRateLimited(): number }): void;
  /** The MCP HTTP server is up: its open sessions are counted. */
  sessions(count: () => number): void;
  /** Everything has started: only the parts decide readiness from now on. */
  started(): void;
}

/** A command's probes and metrics (this module loads the metrics library: load it only where served). */
export function createOps(): Ops {
  const broker = new BrokerHealth();
  const readiness = new Readiness();
  const metrics = createMetrics();
  metrics.read({ readiness });
  return {
    client: {
      exchanged(report) {
        broker.exchanged(report);
        metrics.client.exchanged(report);
      },
      waited: metrics.client.waited,
      refused: metrics.client.refused,
    },
    mcp: metrics.mcp,
    routes: opsRoutes(readiness, metrics),
    metrics,
    runtime(rt) {
      readiness.watch('broker', () => broker.ok());
      readiness.watch('data dir', () => writableDir(rt.config.dataDir));
      // Orders wait for their audit lines: while lines cannot be written, none can go.
      readiness.watch('audit log', () => rt.audit.writable());
      // A people file nobody can be recognised by (invalid, gone, not a regular file) serves nobody.
      const people = rt.people;
      if (people) readiness.watch('people file', async () => (await people.problem()) === undefined);
      metrics.watchGate(rt.gate);
    },
    desk(desk) {
      readiness.watch('discord', () => desk.gatewayConnected());
      metrics.read({ desk });
    },
    sessions: (count) => metrics.read({ sessions: count }),
    started: () => readiness.started(),
  };
}

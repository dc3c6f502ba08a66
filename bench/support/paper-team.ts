import { type BrokerClientOptions, createBrokerClient } from '../../src/core/client/index.js';
import type { BrokerClient } from '../../src/core/client/types.js';
import { createSimulator, type Simulator } from '../../src/sim/create-simulator.js';
import { type CountingProxy, startCountingProxy } from '../../test/helpers/counting-proxy.js';
import { paperCredentials } from './login.js';

/** A paper broker of this process behind a counting proxy, and clients made on demand that go through it. */
export interface PaperTeam {
  readonly sim: Simulator;
  readonly proxy: CountingProxy;
  /** A logged-in client through the proxy; closed with the team. */
  client(options?: Partial<BrokerClientOptions>): Promise<BrokerClient>;
  close(): Promise<void>;
}

/**
 * Starts the paper broker (its rate limits on or off) and the proxy in this process: these cases count
 * calls and time waits on the wire, not CPU, so the broker need not run apart.
 */
export async function startPaperTeam(rateLimits: boolean): Promise<PaperTeam> {
  const sim = await createSimulator({ rateLimits });
  const proxy = await startCountingProxy(sim.url);
  const clients: BrokerClient[] = [];
  return {
    sim,
    proxy,
    async client(options = {}) {
      const client = createBrokerClient({ baseUrl: proxy.url, credentials: paperCredentials(), ...options });
      clients.push(client);
      await client.login();
      return client;
    },
    async close() {
      proxy.release();
      for (const c of clients) await c.close();
      await proxy.close();
      await sim.close();
    },
  };
}

/** Waits `ms` of real time. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { OrderWatcher, type WatcherOptions } from '../../../src/core/watcher/index.js';
import { placeOutside, type SimHarness, simCredentials, startSim } from '../../helpers/sim.js';
import { FakeClock } from '../support/fake-clock.js';

/** A watcher over the real client and a real paper broker, counting the book reads it makes. */
export interface WatcherHarness {
  readonly h: SimHarness;
  readonly client: BrokerClient;
  readonly clock: FakeClock;
  readonly statePath: string;
  readonly reads: { orderBook: number; tradeBook: number };
  /** A new watcher on the same state file (a restart). */
  watcher(options?: Partial<WatcherOptions>): OrderWatcher;
  /** Places an order straight on the broker's API, as the broker's own app would (no omsdesk tag). */
  placeOutside(order: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/** Starts a paper broker keeping real hours (10:00 IST on a Friday), so the session closes at 15:30. */
export async function startWatcher(): Promise<WatcherHarness> {
  const h = await startSim({ hours: 'real' });
  const dir = await mkdtemp(join(tmpdir(), 'omsdesk-watcher-'));
  const clock = new FakeClock({ start: h.clock.now(), auto: false });
  const client = createBrokerClient({
    baseUrl: h.sim.url,
    credentials: simCredentials(h),
    rateLimits: false,
    sharing: false,
  });
  const reads = { orderBook: 0, tradeBook: 0 };
  const counted = {
    getOrderBook: (...args: Parameters<BrokerClient['getOrderBook']>) => {
      reads.orderBook += 1;
      return client.getOrderBook(...args);
    },
    getTradeBook: (...args: Parameters<BrokerClient['getTradeBook']>) => {
      reads.tradeBook += 1;
      return client.getTradeBook(...args);
    },
  };
  const statePath = join(dir, 'watcher.json');
  const watchers: OrderWatcher[] = [];
  return {
    h,
    client,
    clock,
    statePath,
    reads,
    watcher(options = {}) {
      const w = new OrderWatcher({ broker: counted, clock, statePath, ...options });
      watchers.push(w);
      return w;
    },
    placeOutside: (order) => placeOutside(h, order),
    async close() {
      for (const w of watchers) w.close();
      await client.close();
      await h.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { createBrokerClient } from '../../src/core/client/index.js';
import type { BrokerClient } from '../../src/core/client/types.js';
import type { CaseContext } from '../harness/types.js';
import { paperCredentials } from './login.js';
import { BENCH_USERS } from './protocol.js';
import { seedOrderBook } from './seed-orders.js';
import { type Servers, serversOf } from './servers.js';

/** A day of orders at the paper broker and a client of its user. */
export interface WatchedDay {
  readonly orders: number;
  readonly client: BrokerClient;
}

/** The watcher's two days, 10 and 1,000 orders, at the servers' paper broker. */
export interface WatchBooks {
  readonly servers: Servers;
  readonly small: WatchedDay;
  readonly large: WatchedDay;
}

async function day(servers: Servers, userId: string, orders: number): Promise<WatchedDay> {
  await seedOrderBook(servers.simUrl, userId, orders);
  const client = createBrokerClient({
    baseUrl: servers.simUrl,
    credentials: paperCredentials(userId),
    rateLimits: false,
  });
  await client.login();
  return { orders, client };
}

/** The run's two watched days, seeded on first use; their clients close at the end of the run. */
export function watchBooks(ctx: CaseContext): Promise<WatchBooks> {
  return ctx.shared(
    'watch-books',
    async () => {
      const servers = await serversOf(ctx);
      const small = await day(servers, BENCH_USERS.watchSmall, 10);
      const large = await day(servers, BENCH_USERS.watchLarge, 1_000);
      return { servers, small, large };
    },
    async (b) => {
      await b.small.client.close();
      await b.large.client.close();
    },
  );
}

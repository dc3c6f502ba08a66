import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClientOptions } from '../../../src/core/client/options.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { accountConfig, type SimAccountConfig } from '../../../src/sim/accounts.js';
import { type CountingProxy, startCountingProxy } from '../../helpers/counting-proxy.js';
import { type SimHarness, simCredentials, startSim, totpFor } from '../../helpers/sim.js';
import { FakeClock } from '../support/fake-clock.js';

/** A second paper account, to show nothing is shared across accounts. */
export const OTHER_ACCOUNT: SimAccountConfig = accountConfig({
  userId: 'SIM002',
  password: 'other-pass',
  apiKey: 'other-api-key',
  vendorCode: 'SIM002_API',
});

/** The paper broker (its rate limits on) behind a counting proxy, and a client on a manual clock. */
export interface Team {
  readonly h: SimHarness;
  readonly proxy: CountingProxy;
  /** The client's clock: rate windows, freshness and waits move only with `tick`. */
  readonly clock: FakeClock;
  readonly client: BrokerClient;
  /** Another client of the same process, for the second account. */
  otherAccount(): BrokerClient;
  /** Moves the client's and the broker's clocks forward together. */
  tick(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTeam(options: Partial<BrokerClientOptions> = {}): Promise<Team> {
  const h = await startSim({ rateLimits: true, engineTickMs: 0, accounts: [OTHER_ACCOUNT] });
  const proxy = await startCountingProxy(h.sim.url);
  const clock = new FakeClock({ start: h.clock.now(), auto: false });
  const clients: BrokerClient[] = [];
  const make = (credentials: BrokerClientOptions['credentials']): BrokerClient => {
    const client = createBrokerClient({ baseUrl: proxy.url, credentials, clock, ...options });
    clients.push(client);
    return client;
  };
  const client = make(simCredentials(h));
  return {
    h,
    proxy,
    clock,
    client,
    otherAccount: () =>
      make({
        userId: OTHER_ACCOUNT.userId,
        password: OTHER_ACCOUNT.password,
        apiKey: OTHER_ACCOUNT.apiKey,
        vendorCode: OTHER_ACCOUNT.vendorCode,
        totp: () => totpFor(h.clock.now(), OTHER_ACCOUNT.totpSecret),
      }),
    async tick(ms) {
      h.clock.advance(ms);
      await clock.advance(ms);
    },
    async close() {
      proxy.release();
      for (const c of clients) await c.close();
      await proxy.close();
      await h.close();
    },
  };
}

/** The quote of an NSE token. */
export const quote = (token: string) => ({ exchange: 'NSE' as const, token });

/** Tokens of NSE equities the paper broker quotes (RELIANCE, TCS, INFY, HDFCBANK... SIEMENS). */
export const EQUITIES = [
  '2885',
  '11536',
  '1594',
  '1333',
  '4963',
  '3045',
  '1660',
  '5900',
  '1922',
  '11483',
  '10604',
  '1394',
  '317',
  '10999',
  '236',
  '3787',
  '7229',
  '3351',
  '3506',
  '3499',
  '11630',
  '2475',
  '14977',
  '3150',
];

import { afterEach, describe, expect, it } from 'vitest';
import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { createSimulator, type Simulator } from '../../../src/sim/create-simulator.js';
import { FRIDAY_10AM, totpFor } from '../../helpers/sim.js';
import { CapturingLogger } from './client-harness.js';
import { VirtualNetwork } from './virtual-network.js';

let sim: Simulator | undefined;
let client: BrokerClient | undefined;
let net: VirtualNetwork | undefined;
afterEach(async () => {
  await client?.close();
  await net?.close();
  await sim?.close();
  client = undefined;
  net = undefined;
  sim = undefined;
});

/** The first connections are slow to open; later requests ride warm ones (as a real pool behaves). */
const COLD_THEN_WARM = (index: number): number => (index < 8 ? 150 + 20 * index : 4);

/** A client and a paper broker with its per-user rate limits on, sharing virtual time over a slow network. */
async function start(latency = COLD_THEN_WARM) {
  net = new VirtualNetwork(FRIDAY_10AM, latency);
  sim = await createSimulator({ clock: net.clock, rateLimits: true, engineTickMs: 0 });
  const log = new CapturingLogger();
  client = createBrokerClient({
    baseUrl: sim.url,
    credentials: {
      userId: DEMO_ACCOUNT.userId,
      password: DEMO_ACCOUNT.password,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
      totp: () => totpFor(net?.clock.now() ?? 0),
    },
    dispatcher: net.dispatcher,
    clock: net.clock,
    logger: log,
    timeouts: { callMs: 120_000 },
    // The limits alone are under test: no read is answered from another.
    sharing: false,
  });
  return { net, client, log };
}

const times = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the client against the paper broker with its rate limits on', () => {
  it('answers a concurrent burst of every category with zero rate-limit answers on the wire', async () => {
    const { net, client, log } = await start();
    const quotes = times(12).map(() => client.getQuote({ exchange: 'NSE', token: '2885' }));
    const infos = times(25).map(() => client.getSecurityInfo({ exchange: 'NSE', token: '1594' }));
    const candles = times(7).map(() =>
      client.getCandles({
        exchange: 'NSE',
        token: '2885',
        from: '2026-11-20T09:15:00+05:30',
        to: '2026-11-20T09:45:00+05:30',
      }),
    );
    const started = net.clock.now();
    const results = await net.drive(Promise.allSettled([...quotes, ...infos, ...candles]));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(net.statuses.filter((status) => status === 429)).toEqual([]);
    expect(log.lines.filter((line) => line.message === 'retrying read')).toEqual([]);
    // The burst was paced, not merely lucky: 12 quotes at 3 a window need at least 3 more windows.
    expect(net.clock.now() - started).toBeGreaterThanOrEqual(3 * 1200);
  });

  it('keeps to the limits when answers come back unevenly slow', async () => {
    const jitter = (index: number): number => [300, 5, 120, 40, 250, 1][index % 6] ?? 0;
    const { net, client } = await start(jitter);
    const calls = [
      ...times(10).map(() => client.getQuote({ exchange: 'NSE', token: '2885' })),
      ...times(30).map(() => client.getHoldings()),
    ];
    const results = await net.drive(Promise.allSettled(calls));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(net.statuses.filter((status) => status === 429)).toEqual([]);
  });
});

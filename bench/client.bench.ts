import { Pool } from 'undici';
import { createBrokerClient } from '../src/core/client/index.js';
import { DEMO_ACCOUNT } from '../src/sim/accounts.js';
import { startChildSim } from './child-sim.js';
import { measure, printTable } from './lib.js';

const COUNT = 3_000;
const CONCURRENCY = 8;

/**
 * One endpoint (`/apiV2/getQuotes`) three ways, in one run against one simulator: this client (rate
 * limiter off), a bare undici request on a keep-alive pool, and a plain `fetch` per call as the vendor
 * SDKs do. The client's overhead over bare undici is its decoding, mapping and bookkeeping, best seen in the
 * caller-side CPU per call, since throughput is bounded by the simulator.
 */
export async function run(): Promise<void> {
  const sim = await startChildSim();
  const client = createBrokerClient({
    baseUrl: sim.url,
    credentials: {
      userId: DEMO_ACCOUNT.userId,
      password: DEMO_ACCOUNT.password,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
      totpSecret: DEMO_ACCOUNT.totpSecret,
    },
    rateLimits: false,
    connections: CONCURRENCY,
  });
  try {
    await client.login();
    const session = await loginKey(sim.url);
    const body = JSON.stringify({ userId: 'SIM001', jKey: session, exchange: 'NSE', token: '2885' });
    const pool = new Pool(sim.url, { connections: CONCURRENCY });
    const headers = { 'content-type': 'application/json' };
    const options = { count: COUNT, concurrency: CONCURRENCY };

    const cpu: number[] = [];
    const timed = async <T>(run: () => Promise<T>): Promise<T> => {
      const before = process.cpuUsage();
      const result = await run();
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / COUNT);
      return result;
    };
    const bare = await timed(() =>
      measure(
        'bare undici Pool.request + JSON.parse',
        async () => {
          const res = await pool.request({ path: '/apiV2/getQuotes', method: 'POST', headers, body });
          await res.body.json();
        },
        options,
      ),
    );
    const ours = await timed(() =>
      measure('omsdesk client.getQuote', () => client.getQuote({ exchange: 'NSE', token: '2885' }), options),
    );
    const fetched = await timed(() =>
      measure(
        'plain fetch per call (vendor SDK style)',
        async () => {
          const res = await fetch(`${sim.url}/apiV2/getQuotes`, { method: 'POST', headers, body });
          await res.json();
        },
        options,
      ),
    );
    printTable(`client: getQuote, ${COUNT} calls, ${CONCURRENCY} in flight, simulator in a child process`, [
      bare,
      ours,
      fetched,
    ]);
    const overhead = ((bare.opsPerSecond / ours.opsPerSecond - 1) * 100).toFixed(1);
    const p50 = (ours.p50Ms - bare.p50Ms).toFixed(3);
    console.log(`client overhead over bare undici: ${overhead}% throughput, +${p50} ms at p50`);
    console.log(
      `client vs plain fetch: ${(ours.opsPerSecond / fetched.opsPerSecond).toFixed(2)}x the throughput`,
    );
    const [bareCpu = 0, oursCpu = 0, fetchCpu = 0] = cpu;
    console.log(
      `caller-side CPU per call (the simulator's excluded): bare undici ${bareCpu.toFixed(0)} µs, ` +
        `client ${oursCpu.toFixed(0)} µs (${(oursCpu / bareCpu).toFixed(2)}x), fetch ${fetchCpu.toFixed(0)} µs (${(fetchCpu / bareCpu).toFixed(2)}x)`,
    );
    await pool.close();
  } finally {
    await client.close();
    await sim.stop();
  }
}

async function loginKey(url: string): Promise<string> {
  const { TOTP, Secret } = await import('otpauth');
  const code = new TOTP({ secret: Secret.fromBase32(DEMO_ACCOUNT.totpSecret) }).generate();
  const res = await fetch(`${url}/apiV2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userId: 'SIM001',
      password: DEMO_ACCOUNT.password,
      TOTP: code,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
    }),
  });
  return ((await res.json()) as { data: { susertoken: string } }).data.susertoken;
}

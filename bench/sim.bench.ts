import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { Pool } from 'undici';
import { DEMO_ACCOUNT } from '../src/sim/accounts.js';
import { createSimulator } from '../src/sim/create-simulator.js';
import { type Measurement, measure, printTable } from './lib.js';

/**
 * The paper broker over HTTP: a simulator in a child process (rate limits off), driven over keep-alive
 * connections with undici from this process at several concurrency levels. Reports orders and quotes
 * per second with p50/p99, and the CPU each side spends per request: this process's from
 * `process.cpuUsage()`, the simulator's from its `/_sim/stats` view.
 */
const CHILD_FLAG = '--sim-child';

if (process.argv.includes(CHILD_FLAG)) {
  const sim = await createSimulator({ rateLimits: false, port: 0 });
  process.send?.({ url: sim.url });
  process.on('message', (message) => {
    if (message === 'stop') void sim.close().then(() => process.exit(0));
  });
}

interface Cpu {
  readonly user: number;
  readonly system: number;
}

const micros = (c: Cpu): number => c.user + c.system;

async function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ url: string }];
  return { child, url: message.url };
}

/** Runs the quote and order workloads at 1, 8 and 32 requests in flight. */
export async function run(): Promise<void> {
  const { child, url } = await startChild();
  const pool = new Pool(url, { connections: 32, keepAliveTimeout: 60_000 });
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const res = await pool.request({
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.body.json();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    return json;
  };
  const simCpu = async (): Promise<{ cpu: Cpu; requests: number }> => {
    const res = await pool.request({ path: '/_sim/stats', method: 'GET' });
    return (await res.body.json()) as { cpu: Cpu; requests: number };
  };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ACCOUNT.totpSecret) }).generate();
  const login = (await post('/apiV2/login', {
    userId: DEMO_ACCOUNT.userId,
    password: DEMO_ACCOUNT.password,
    TOTP: totp,
    apiKey: DEMO_ACCOUNT.apiKey,
    vendorCode: DEMO_ACCOUNT.vendorCode,
  })) as { data: { susertoken: string } };
  const session = { userId: DEMO_ACCOUNT.userId, jKey: login.data.susertoken };
  const quote = () => post('/apiV2/getQuotes', { ...session, exchange: 'NSE', token: '2885' });
  // Intraday market orders of one share, alternating sides: each fills at once and the position stays flat.
  const order = (i: number) =>
    post('/apiV2/placeOrder', {
      ...session,
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      quantity: '1',
      price: '0',
      product: 'I',
      transactionType: i % 2 === 0 ? 'B' : 'S',
      priceType: 'MKT',
      retention: 'DAY',
      remarks: `bench-${i}`,
    });

  const rows: Measurement[] = [];
  const costs: string[] = [];
  const measured = async (name: string, op: (i: number) => unknown, count: number, concurrency: number) => {
    for (let i = 0; i < 100; i++) await op(i);
    const before = { client: process.cpuUsage(), sim: await simCpu() };
    const m = await measure(name, op, { count, concurrency, warmup: 0 });
    const client = process.cpuUsage(before.client);
    const sim = await simCpu();
    const simMicros = micros(sim.cpu) - micros(before.sim.cpu);
    rows.push(m);
    costs.push(
      `${name.padEnd(44)} ${(micros(client) / count).toFixed(0).padStart(12)} ${(simMicros / count).toFixed(0).padStart(12)}`,
    );
  };
  try {
    for (const concurrency of [1, 8, 32]) {
      await measured(`quotes, ${concurrency} in flight`, quote, 3000, concurrency);
      await measured(`orders (MKT, filled), ${concurrency} in flight`, order, 2000, concurrency);
    }
    printTable('paper broker over keep-alive HTTP (simulator in a child process)', rows);
    console.log(
      `\n${'CPU per request'.padEnd(44)} ${'client µs'.padStart(12)} ${'simulator µs'.padStart(12)}`,
    );
    for (const line of costs) console.log(line);
    const orders = (await (await pool.request({ path: '/_sim/orders', method: 'GET' })).body.json()) as {
      status: string;
    }[];
    const complete = orders.filter((o) => o.status === 'COMPLETE').length;
    console.log(`\norders placed ${orders.length}, complete ${complete}`);
  } finally {
    await pool.close();
    child.send('stop');
    await once(child, 'exit');
  }
}

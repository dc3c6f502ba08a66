import { Pool, request } from 'undici';
import { compare } from '../harness/compare.js';
import type { BenchCase, CaseContext } from '../harness/types.js';
import { loginKey } from '../support/login.js';
import { BENCH_USERS } from '../support/protocol.js';
import { seedOrderBook } from '../support/seed-orders.js';
import { type Servers, serversOf } from '../support/servers.js';

const IN_FLIGHT = 16;
const SIM = 'paper broker';
const BARE = 'bare node:http, same bytes';
const HEADERS = { 'content-type': 'application/json' };

/** One workload: its path, and the body of the `i`-th request for a session key. */
interface Workload {
  readonly path: string;
  readonly opsPerRound: number;
  /** Prepares the broker (a book to read) and returns the request body of operation `i`. */
  prepare(servers: Servers, ctx: CaseContext): Promise<(i: number) => string>;
}

const WORKLOADS: Record<'quotes' | 'orderbook' | 'place', Workload> = {
  quotes: {
    path: '/apiV2/getQuotes',
    opsPerRound: 4_000,
    async prepare(s) {
      const body = JSON.stringify({
        userId: 'SIM001',
        jKey: await loginKey(s.simUrl),
        exchange: 'NSE',
        token: '2885',
      });
      return () => body;
    },
  },
  orderbook: {
    path: '/apiV2/orderBook',
    opsPerRound: 2_000,
    async prepare(s, ctx) {
      const jKey = await ctx.shared(
        'book-seeded',
        () => seedOrderBook(s.simUrl, BENCH_USERS.book),
        async () => undefined,
      );
      const body = JSON.stringify({ userId: BENCH_USERS.book, jKey });
      return () => body;
    },
  },
  place: {
    path: '/apiV2/placeOrder',
    opsPerRound: 2_000,
    async prepare(s) {
      const session = { userId: BENCH_USERS.place, jKey: await loginKey(s.simUrl, BENCH_USERS.place) };
      // Intraday market orders of one share, alternating sides: each fills and the position stays flat.
      return (i) =>
        JSON.stringify({
          ...session,
          exchange: 'NSE',
          tradingSymbol: 'RELIANCE-EQ',
          quantity: '1',
          price: '0',
          product: 'I',
          transactionType: i % 2 === 0 ? 'B' : 'S',
          priceType: 'MKT',
          retention: 'DAY',
          remarks: `bench-${String(i).padStart(8, '0')}`,
        });
    },
  },
};

/**
 * The paper broker against a bare `node:http` server that reads each body and answers the bytes the
 * broker gave for the same request, both in the servers' process, driven by undici at 16 in flight.
 */
export function simVsHttpCase(workload: keyof typeof WORKLOADS): BenchCase {
  const w = WORKLOADS[workload];
  return {
    name: `sim-http-${workload}`,
    title: `paper broker vs bare node:http, ${w.path}, ${IN_FLIGHT} in flight`,
    proves:
      `What the paper broker costs per ${w.path} request over the floor of node:http sending the same ` +
      'bytes; target: at least 0.5x its throughput. Server CPU per request is the load generator-free view.',
    async run(ctx) {
      const servers = await serversOf(ctx);
      const bodyOf = await w.prepare(servers, ctx);
      const sample = await request(`${servers.simUrl}${w.path}`, {
        method: 'POST',
        headers: HEADERS,
        body: bodyOf(0),
      });
      const text = await sample.body.text();
      await servers.can(w.path, {
        status: sample.statusCode,
        contentType: String(sample.headers['content-type']),
        body: text,
      });
      const sim = new Pool(servers.simUrl, { connections: IN_FLIGHT });
      const bare = new Pool(servers.cannedUrl, { connections: IN_FLIGHT });
      const via = (pool: Pool) => async (i: number) => {
        const res = await pool.request({ path: w.path, method: 'POST', headers: HEADERS, body: bodyOf(i) });
        const answer = await res.body.text();
        if (res.statusCode !== 200 || answer.length === 0)
          throw new Error(`${w.path} answered ${res.statusCode}`);
      };
      try {
        const c = await compare(
          [
            { name: SIM, op: via(sim) },
            { name: BARE, op: via(bare) },
          ],
          {
            scale: ctx.scale,
            opsPerRound: w.opsPerRound,
            concurrency: IN_FLIGHT,
            serverCpu: async () => (await servers.stats()).cpuMicros,
          },
        );
        return {
          contenders: c.contenders,
          ratios: [
            c.ratio('paper broker ops/s / bare node:http', SIM, BARE, 'opsPerSecond', 0.5),
            c.ratio('server CPU per request: broker / bare', SIM, BARE, 'serverCpuPerOpUs'),
            c.ratio('p50 latency: broker / bare', SIM, BARE, 'p50'),
          ],
          notes: [`answer size ${Buffer.byteLength(text)} bytes`],
        };
      } finally {
        await sim.close();
        await bare.close();
      }
    },
  };
}

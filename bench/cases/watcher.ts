import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { systemClock } from '../../src/core/clock.js';
import { diffBooks, EMPTY_VIEW, OrderWatcher } from '../../src/core/watcher/index.js';
import { compare } from '../harness/compare.js';
import type { BenchCase, CheckReport } from '../harness/types.js';
import type { Servers } from '../support/servers.js';
import { type WatchedDay, watchBooks } from '../support/watch-books.js';

const FIRST = 'first look: 1,000 new orders';
const STEADY = 'steady look: nothing changed';

/** `diffBooks` over the order and trade books of a 1,000-order day, as the client decoded them. */
export const watcherDiffCase: BenchCase = {
  name: 'watcher-diff',
  title: 'watcher diff of 1,000 orders: first look vs a look where nothing changed',
  proves:
    'What turning two books into events costs the watcher at 1,000 orders, the first time (every order ' +
    'new) and on every later look.',
  async run(ctx) {
    const { large } = await watchBooks(ctx);
    const [book, trades] = await Promise.all([large.client.getOrderBook(), large.client.getTradeBook()]);
    const at = new Date().toISOString();
    const seen = diffBooks(EMPTY_VIEW, book, trades, at).view;
    const c = await compare(
      [
        { name: FIRST, op: () => diffBooks(EMPTY_VIEW, book, trades, at) },
        { name: STEADY, op: () => diffBooks(seen, book, trades, at) },
      ],
      { scale: ctx.scale, opsPerRound: 200, concurrency: 1 },
    );
    const first = c.contenders[0]?.latencyMs.p50 ?? Number.NaN;
    return {
      contenders: c.contenders,
      ratios: [c.ratio('first look p50 / steady look p50', FIRST, STEADY, 'p50')],
      figures: [{ name: 'first look per order', value: (first * 1000) / book.length, unit: 'µs' }],
      notes: [`${book.length} orders, ${trades.length} fills`],
    };
  },
};

/** The paper broker's own count of the requests it received, this one included. */
async function brokerRequests(servers: Servers): Promise<number> {
  const res = await request(`${servers.simUrl}/_sim/stats`);
  return ((await res.body.json()) as { requests: number }).requests;
}

/** HTTP requests the paper broker received during `run`, counted by the broker (less the count's own). */
async function requestsDuring(servers: Servers, run: () => Promise<unknown>): Promise<number> {
  const before = await brokerRequests(servers);
  await run();
  return (await brokerRequests(servers)) - before - 1;
}

/** A watcher over one day, with its state in a temporary file; the first look has happened. */
async function watcherOf(day: WatchedDay, dir: string): Promise<OrderWatcher> {
  const watcher = new OrderWatcher({
    broker: day.client,
    clock: systemClock,
    statePath: join(dir, `watcher-${day.orders}.json`),
  });
  await watcher.poll();
  return watcher;
}

/** The watcher's looks at 10 and at 1,000 orders: what they cost, and that each is two calls whatever the size. */
export const watcherLookCase: BenchCase = {
  name: 'watcher-look',
  title: 'order watcher look at 1,000 orders vs 10 (books read from the paper broker)',
  proves:
    'That a look costs one order-book and one trade-book call from 10 to 1,000 orders (counted at the ' +
    'broker), and how its time grows with the books.',
  async run(ctx) {
    const { servers, small, large } = await watchBooks(ctx);
    const dir = await mkdtemp(join(tmpdir(), 'omsdesk-bench-watch-'));
    try {
      const w10 = await watcherOf(small, dir);
      const w1000 = await watcherOf(large, dir);
      const checks: CheckReport[] = [];
      for (const [day, watcher] of [
        [small, w10],
        [large, w1000],
      ] as const) {
        const calls = await requestsDuring(servers, () => watcher.poll());
        checks.push({
          name: `one look at ${day.orders} orders`,
          ok: calls === 2,
          detail: `${calls} requests`,
        });
      }
      const small10 = `look at ${small.orders} orders`;
      const large1000 = `look at ${large.orders} orders`;
      const c = await compare(
        [
          { name: large1000, op: () => w1000.poll() },
          { name: small10, op: () => w10.poll() },
        ],
        { scale: ctx.scale, opsPerRound: 60, concurrency: 1 },
      );
      w10.close();
      w1000.close();
      return {
        contenders: c.contenders,
        ratios: [c.ratio('look p50: 1,000 orders / 10 orders', large1000, small10, 'p50')],
        checks,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

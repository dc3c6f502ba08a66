import { Pool } from 'undici';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';
import { quoteFixture } from '../support/quote-fixture.js';

const A = 'A: bare undici, quote';
const B = 'B: bare undici, quote';

/** The same HTTP call under two names, each on its own pool: what the harness reports when nothing differs. */
export const noiseFloorCase: BenchCase = {
  name: 'noise-floor',
  title: 'the same HTTP call against itself, 8 in flight, instant server',
  proves:
    'How far a ratio strays from 1.00 on this machine when both sides are identical: a ratio of another ' +
    'case inside this spread is noise, not a difference.',
  async run(ctx) {
    const f = await quoteFixture(ctx);
    const pools = [
      new Pool(f.servers.cannedUrl, { connections: 8 }),
      new Pool(f.servers.cannedUrl, { connections: 8 }),
    ];
    const via = (pool: Pool) => async () => {
      const res = await pool.request({
        path: f.path,
        method: 'POST',
        headers: f.headers,
        body: f.clientBody,
      });
      JSON.parse(await res.body.text());
    };
    try {
      const c = await compare(
        [
          { name: A, op: via(pools[0] as Pool) },
          { name: B, op: via(pools[1] as Pool) },
        ],
        { scale: ctx.scale, opsPerRound: 3_000, concurrency: 8 },
      );
      return {
        contenders: c.contenders,
        ratios: [c.ratio('A p50 / B p50', A, B, 'p50'), c.ratio('A ops/s / B ops/s', A, B, 'opsPerSecond')],
      };
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  },
};

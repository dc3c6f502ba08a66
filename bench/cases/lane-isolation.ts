import type { BrokerClient } from '../../src/core/client/types.js';
import { slowReads } from '../../test/helpers/slow-reads.js';
import { type Batch, drive } from '../harness/drive.js';
import { ratioReport } from '../harness/ratio.js';
import { spreadOf } from '../harness/stats.js';
import type { BenchCase, CheckReport, ContenderReport } from '../harness/types.js';
import { startPaperTeam } from '../support/paper-team.js';

interface Measured {
  readonly name: string;
  readonly slow: boolean;
  readonly count: number;
  op(client: BrokerClient, i: number): Promise<unknown>;
}

const KINDS = [
  {
    label: "watcher's order-book read",
    count: 30,
    op: (c: BrokerClient) => c.getOrderBook({ lane: 'watcher' }),
  },
  {
    label: 'placement (1-share market order)',
    count: 10,
    op: (c: BrokerClient, i: number) =>
      c.placeOrder({
        exchange: 'NSE',
        tradingSymbol: 'SBIN-EQ',
        side: 'BUY',
        quantity: 1,
        priceType: 'MKT',
        product: 'I',
        tag: `lane-${i}`,
      }),
  },
] as const;

/** Lane isolation: the watcher's reads and placements with 9 slow reads in flight, against none in flight. */
export const laneIsolationCase: BenchCase = {
  name: 'lane-isolation',
  title: "lane isolation: the watcher's order-book reads and placements while 9 slow reads are in flight",
  proves:
    'That slow reads (the broker keeps them unanswered) fill people’s connections without touching the ' +
    'watcher’s or placement’s: their latency with 9 slow reads in flight against none (1.0x: isolated).',
  async run(ctx) {
    const team = await startPaperTeam(false);
    const client = await team.client({ rateLimits: false, sharing: false });
    const rounds = ctx.scale.quick ? 1 : 5;
    const batches = new Map<string, Batch[]>();
    const checks: CheckReport[] = [];
    try {
      for (let r = 0; r < rounds + 1; r += 1) {
        for (const kind of KINDS) {
          const sides: Measured[] = [true, false].map((slow) => ({
            name: `${kind.label}, ${slow ? '9 slow reads in flight' : 'nothing else in flight'}`,
            slow,
            count: kind.count,
            op: kind.op,
          }));
          for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
            const slow = side.slow ? await slowReads(team.proxy, client) : [];
            const batch = await drive((i) => side.op(client, i), side.count, 1, r * 1_000);
            if (side.slow) {
              checks.push({
                name: `${side.name}: slow reads still held`,
                ok: team.proxy.held() >= 8,
                detail: `${team.proxy.held()} held`,
              });
              team.proxy.release();
              await Promise.all(slow);
            }
            // The first round warms the pools and the broker up.
            if (r > 0) batches.set(side.name, [...(batches.get(side.name) ?? []), batch]);
          }
        }
      }
    } finally {
      await team.close();
    }
    const p50s = (name: string) => (batches.get(name) ?? []).map((b) => spreadOf(b.latencies).p50);
    const contenders: ContenderReport[] = [...batches].map(([name, bs]) => ({
      name,
      latencyMs: spreadOf(bs.flatMap((b) => b.latencies)),
      opsPerSecond: spreadOf(bs.map((b) => (b.latencies.length / b.elapsedMs) * 1000)),
      cpuPerOpUs: spreadOf(bs.map((b) => b.cpuMicros / b.latencies.length)),
    }));
    return {
      contenders,
      ratios: KINDS.map((kind) => {
        const slow = p50s(`${kind.label}, 9 slow reads in flight`);
        const none = p50s(`${kind.label}, nothing else in flight`);
        return ratioReport(
          `${kind.label} p50: slow reads / none`,
          slow.map((v, i) => v / (none[i] ?? Number.NaN)),
          'lower',
        );
      }),
      checks: [
        {
          name: 'the slow reads stayed in flight through every measured batch',
          ok: checks.every((c) => c.ok),
          detail: checks.map((c) => c.detail).join(', '),
        },
      ],
    };
  },
};

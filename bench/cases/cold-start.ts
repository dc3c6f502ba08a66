import { fileURLToPath } from 'node:url';
import { ratioReport } from '../harness/ratio.js';
import { median, spreadOf } from '../harness/stats.js';
import type { BenchCase } from '../harness/types.js';
import { distReady } from '../support/dist.js';
import { isolatedHome } from '../support/isolated-env.js';
import { type Launch, timeToToolsList } from '../support/stdio-probe.js';

const MINIMAL = fileURLToPath(new URL('../support/minimal-mcp-server.mjs', import.meta.url));

/**
 * `omsdesk mcp` (built, stdio, embedded paper broker) against a one-tool server on the same SDK, both
 * started as child processes and timed to their first `tools/list` answer, alternating A B, B A.
 */
export const coldStartCase: BenchCase = {
  name: 'cold-start',
  title: 'cold start of omsdesk mcp (dist, stdio) vs a minimal server on the same SDK',
  proves:
    'How long a client waits for omsdesk to list its tools after spawning it, against the floor of node ' +
    'and the SDK; target: at most 2x the minimal server.',
  async run(ctx) {
    const main = await distReady(ctx);
    const home = await isolatedHome();
    try {
      const omsdesk: Launch = { args: [main, 'mcp'], env: home.env, cwd: home.dir };
      const minimal: Launch = { args: [MINIMAL], env: { PATH: home.env.PATH ?? '' }, cwd: home.dir };
      // The first start creates the data dir and the audit key: a user's first run, not measured.
      await timeToToolsList(omsdesk);
      await timeToToolsList(minimal);
      const runs = ctx.scale.quick ? 2 : ctx.scale.rounds;
      const ours: number[] = [];
      const floor: number[] = [];
      let tools = 0;
      for (let r = 0; r < runs; r++) {
        const order = r % 2 === 0 ? ([omsdesk, minimal] as const) : ([minimal, omsdesk] as const);
        for (const launch of order) {
          const start = await timeToToolsList(launch);
          if (launch === omsdesk) {
            ours.push(start.ms);
            tools = start.tools;
          } else floor.push(start.ms);
        }
      }
      return {
        ratios: [
          ratioReport(
            'omsdesk mcp / minimal server, to tools/list',
            ours.map((v, i) => v / (floor[i] ?? Number.NaN)),
            'lower',
            2,
            'x',
          ),
        ],
        figures: [
          { name: 'omsdesk mcp to tools/list', value: median(ours), unit: 'ms', spread: spreadOf(ours) },
          { name: 'minimal server to tools/list', value: median(floor), unit: 'ms', spread: spreadOf(floor) },
          { name: 'tools omsdesk lists', value: tools, unit: 'tools' },
        ],
      };
    } finally {
      await home.remove();
    }
  },
};

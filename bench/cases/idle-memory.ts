import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ratioReport } from '../harness/ratio.js';
import { median, spreadOf } from '../harness/stats.js';
import type { BenchCase, FigureReport } from '../harness/types.js';
import { distReady } from '../support/dist.js';
import { isolatedHome } from '../support/isolated-env.js';
import { residentMiB, spawnUntil } from '../support/resident.js';
import { type Launch, stopChild } from '../support/stdio-probe.js';

const MINIMAL = fileURLToPath(new URL('../support/minimal-mcp-server.mjs', import.meta.url));

/** Resident memory of a started process after it has sat idle for `idleMs`. */
async function idleResident(launch: Launch, ready: RegExp | undefined, idleMs: number): Promise<number> {
  const child = await spawnUntil(launch, ready);
  try {
    await sleep(idleMs);
    return residentMiB(child.pid ?? 0);
  } finally {
    await stopChild(child);
  }
}

/** `omsdesk serve` at rest after start, beside a one-tool MCP server and a bare node process. */
export const idleMemoryCase: BenchCase = {
  name: 'idle-memory',
  title: 'resident memory at idle: omsdesk serve vs a minimal MCP server and bare node',
  proves:
    'What omsdesk serve (MCP over HTTP, embedded paper broker, gate) holds in memory once started and ' +
    'idle, beside the floors of node and of the SDK.',
  async run(ctx) {
    const main = await distReady(ctx);
    const home = await isolatedHome({ OMSDESK_MCP_PORT: '0' });
    const idleMs = ctx.scale.quick ? 500 : 3_000;
    const runs = ctx.scale.quick ? 1 : 3;
    const path = { PATH: home.env.PATH ?? '' };
    const launches: Array<[string, Launch, RegExp | undefined]> = [
      [
        'omsdesk serve',
        { args: [main, 'serve', '--port', '0'], env: home.env, cwd: home.dir },
        /listening on/,
      ],
      ['minimal MCP server (stdio)', { args: [MINIMAL], env: path, cwd: home.dir }, undefined],
      ['bare node', { args: ['-e', 'setInterval(() => {}, 1 << 30)'], env: path, cwd: home.dir }, undefined],
    ];
    try {
      const sizes = new Map<string, number[]>(launches.map(([name]) => [name, []]));
      for (let r = 0; r < runs; r++) {
        for (const [name, launch, ready] of launches)
          sizes.get(name)?.push(await idleResident(launch, ready, idleMs));
      }
      const figures: FigureReport[] = launches.map(([name]) => {
        const values = sizes.get(name) ?? [];
        return {
          name: `${name}, idle ${idleMs / 1000} s after start`,
          value: median(values),
          unit: 'MiB',
          spread: spreadOf(values),
        };
      });
      const serve = sizes.get('omsdesk serve') ?? [];
      const minimal = sizes.get('minimal MCP server (stdio)') ?? [];
      return {
        figures,
        ratios: [
          ratioReport(
            'omsdesk serve / minimal MCP server, resident',
            serve.map((v, i) => v / (minimal[i] ?? Number.NaN)),
            'lower',
            undefined,
            'x',
          ),
        ],
      };
    } finally {
      await home.remove();
    }
  },
};

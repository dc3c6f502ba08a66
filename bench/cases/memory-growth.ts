import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ratioReport } from '../harness/ratio.js';
import type { BenchCase, CaseContext, CheckReport, FigureReport, RatioReport } from '../harness/types.js';
import { distReady } from '../support/dist.js';
import { type Held, type Inspector, spawnInspected } from '../support/inspector.js';
import { isolatedHome } from '../support/isolated-env.js';
import { stopChild } from '../support/stdio-probe.js';

type Era = '2025-11-25' | '2026-07-28';
/** Searches of the master, no broker call (so no rate limit sets the pace), each answer a few kilobytes. */
const QUERIES = ['RELIANCE', 'TCS', 'INFY', 'NIFTY', 'HDFC', 'SBIN', 'nifty 24000 ce', 'ITC'];
const IN_FLIGHT = 8;
/** Most a run of 20,000 calls may add, and how near its start the process must be once sessions closed. */
const GROWTH_MIB = 30;
const NEAR_MIB = 10;
const NEAR_HEAP_MIB = 5;

interface Connected {
  readonly client: Client;
  readonly transport: StreamableHTTPClientTransport;
}

/** A v2 client: the 2025-11-25 handshake (a session), or version negotiation that reaches 2026-07-28. */
async function connect(url: string, era: Era): Promise<Connected> {
  const negotiation = era === '2026-07-28' ? { versionNegotiation: { mode: 'auto' as const } } : {};
  const client = new Client({ name: 'omsdesk-bench', version: '1.0.0' }, negotiation);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  const version = client.getNegotiatedProtocolVersion();
  if (version !== era) throw new Error(`the client reached ${version}, not ${era}`);
  return { client, transport };
}

async function leave({ client, transport }: Connected): Promise<void> {
  if (transport.sessionId !== undefined) await transport.terminateSession();
  await client.close();
}

/** `calls` searches spread over the clients in turn, `IN_FLIGHT` at a time. */
async function search(clients: readonly Connected[], calls: number, first: number): Promise<void> {
  let next = first;
  const end = first + calls;
  const worker = async (): Promise<void> => {
    while (next < end) {
      const n = next++;
      const query = QUERIES[n % QUERIES.length] as string;
      const { client } = clients[n % clients.length] as Connected;
      const result = await client.callTool({ name: 'search_instruments', arguments: { query, limit: 10 } });
      if (result.isError) throw new Error(`search_instruments failed: ${JSON.stringify(result.content)}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** What one run held: fresh, after a warm-up, with the sessions open, after each step, after they closed. */
interface Trace {
  readonly start: Held;
  readonly baseline: Held;
  readonly open: Held;
  readonly steps: readonly Held[];
  readonly closed: Held;
}

async function trace(inspector: Inspector, url: string, era: Era, o: Shape): Promise<Trace> {
  const start = await inspector.held();
  // The first searches load the instrument master and compile the hot paths (kept for the process's
  // life), and V8 sizes its young generation to the load: the start a run is compared with.
  const warm = await connect(url, era);
  await search([warm], o.step, 0);
  await leave(warm);
  const baseline = await inspector.held();
  const clients: Connected[] = [];
  for (let s = 0; s < o.sessions; s++) clients.push(await connect(url, era));
  const open = await inspector.held();
  const steps: Held[] = [];
  for (let done = 0; done < o.calls; done += o.step) {
    await search(clients, o.step, done);
    steps.push(await inspector.held());
  }
  for (const c of clients) await leave(c);
  return { start, baseline, open, steps, closed: await inspector.held() };
}

interface Shape {
  readonly sessions: number;
  readonly calls: number;
  readonly step: number;
}

/** `omsdesk serve`, built and spawned with its inspector, through one run of `era`. */
async function runEra(ctx: CaseContext, era: Era, o: Shape): Promise<Trace> {
  const main = await distReady(ctx);
  const home = await isolatedHome({ OMSDESK_MCP_PORT: '0' });
  const launch = { args: [main, 'serve', '--port', '0'], env: home.env, cwd: home.dir };
  const served = await spawnInspected(launch, /listening on (\S+)/);
  try {
    return await trace(served.inspector, served.ready, era, o);
  } finally {
    served.inspector.close();
    await stopChild(served.child);
    await home.remove();
  }
}

function report(era: Era, t: Trace, o: Shape) {
  const per1000 = 1_000 / o.step;
  // A quick run's few steps say nothing of a rate: its ratios carry no target.
  const target = o.calls >= 20_000 ? GROWTH_MIB / 20 : undefined;
  const last = t.steps.at(-1) ?? t.open;
  const calls = o.calls.toLocaleString('en');
  const clients = `${o.sessions} ${era === '2025-11-25' ? 'sessions' : 'clients'}`;
  const growth = (k: keyof Held): number[] =>
    t.steps.map((h, i) => (h[k] - (i === 0 ? t.open : (t.steps[i - 1] as Held))[k]) * per1000);
  const ratios: RatioReport[] = [
    ratioReport(`${era}: RSS growth per 1,000 calls`, growth('rss'), 'lower', target, 'MiB'),
    ratioReport(`${era}: heap growth per 1,000 calls`, growth('heap'), 'lower', target, 'MiB'),
  ];
  const mib = (name: string, value: number): FigureReport => ({
    name: `${era}: ${name}`,
    value,
    unit: 'MiB',
  });
  const figures = [
    mib('RSS fresh, before any call', t.start.rss),
    mib('RSS after warm-up (baseline)', t.baseline.rss),
    mib(`RSS with ${clients} open`, t.open.rss),
    mib(`RSS growth over ${calls} calls`, last.rss - t.open.rss),
    mib(`heap growth over ${calls} calls`, last.heap - t.open.heap),
    mib('RSS after the sessions closed, over the baseline', t.closed.rss - t.baseline.rss),
    mib('heap after the sessions closed, over the baseline', t.closed.heap - t.baseline.heap),
  ];
  const checks: CheckReport[] = [
    {
      name: `${era}: RSS grew under ${GROWTH_MIB} MiB over ${calls} calls in ${clients}`,
      ok: last.rss - t.open.rss < GROWTH_MIB,
      detail: `${t.open.rss.toFixed(1)} → ${last.rss.toFixed(1)} MiB`,
    },
    {
      name: `${era}: RSS within ${NEAR_MIB} MiB of the baseline once the ${clients} closed`,
      ok: t.closed.rss - t.baseline.rss < NEAR_MIB,
      detail: `${t.baseline.rss.toFixed(1)} → ${t.closed.rss.toFixed(1)} MiB (fresh ${t.start.rss.toFixed(1)})`,
    },
    {
      name: `${era}: heap within ${NEAR_HEAP_MIB} MiB of the baseline once the ${clients} closed`,
      ok: t.closed.heap - t.baseline.heap < NEAR_HEAP_MIB,
      detail: `${t.baseline.heap.toFixed(1)} → ${t.closed.heap.toFixed(1)} MiB (fresh ${t.start.heap.toFixed(1)})`,
    },
  ];
  const path = (k: keyof Held): string => [t.open, ...t.steps].map((h) => h[k].toFixed(0)).join(' ');
  const notes = [
    `${era}: RSS every ${o.step.toLocaleString('en')} calls (MiB, after a full GC): ${path('rss')}`,
    `${era}: heap every ${o.step.toLocaleString('en')} calls (MiB, after a full GC): ${path('heap')}`,
  ];
  return { ratios, figures, checks, notes };
}

/**
 * `omsdesk serve` through 20,000 read calls over 50 sessions of 2025-11-25 (each session keeps what a
 * client could resume), then the same calls from 50 clients on 2026-07-28 (no session): what the process
 * holds every 1,000 calls and after the sessions closed, each reading after a full GC (through the
 * inspector, so nothing in omsdesk exists for it).
 */
export const memoryGrowthCase: BenchCase = {
  name: 'memory-growth',
  title: 'omsdesk serve through 20,000 read calls in 50 sessions, then on 2026-07-28: memory held',
  proves:
    'That serving calls holds no memory per call and closing sessions gives theirs back; targets: RSS ' +
    `growth under ${GROWTH_MIB} MiB over 20,000 calls, within ${NEAR_MIB} MiB of the warmed-up start once closed.`,
  async run(ctx) {
    const o: Shape = ctx.scale.quick
      ? { sessions: 10, calls: 1_000, step: 250 }
      : { sessions: 50, calls: 20_000, step: 1_000 };
    const parts = [];
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      ctx.log(`memory-growth: ${o.calls} calls in ${o.sessions} clients of ${era}`);
      parts.push(report(era, await runEra(ctx, era, o), o));
    }
    return {
      ratios: parts.flatMap((p) => p.ratios),
      figures: parts.flatMap((p) => p.figures),
      checks: parts.flatMap((p) => p.checks),
      notes: parts.flatMap((p) => p.notes),
    };
  },
};

import { performance } from 'node:perf_hooks';
import type { BrokerReads } from '../../src/core/client/types.js';
import { isBrokerError } from '../../src/core/errors.js';
import { ratioReport } from '../harness/ratio.js';
import { spreadOf } from '../harness/stats.js';
import type { BenchCase, ContenderReport } from '../harness/types.js';
import { type PaperTeam, pause, startPaperTeam } from '../support/paper-team.js';

const ASKERS = 20;
const ASKS_EACH = 5;
/** Each asker asks every 400 ms, the askers spread across that: 100 asks in 2 s. */
const SPACING_MS = 400;
/** How long an ask may take, as a person or an assistant waits. */
const DEADLINE_MS = 5_000;
/** What a desk watches: RELIANCE, INFY, TCS and the NIFTY 50 index. */
const POPULAR = ['2885', '1594', '11536', '26000'];

const SHARED = 'omsdesk client, reads shared';
const UNSHARED = 'omsdesk client, sharing off';

const quote = (i: number) => ({ exchange: 'NSE' as const, token: POPULAR[i % POPULAR.length] as string });

/** Ask `k` of asker `i`: people on Discord (even) and assistants over MCP (odd), as their commands and tools ask. */
function ask(reads: BrokerReads, i: number, k: number): Promise<unknown> {
  const call = { timeoutMs: DEADLINE_MS };
  if (k === 1) return i % 2 === 0 ? reads.getOrderBook(call) : reads.getQuote(quote(i + 1), call);
  if (k === 3) {
    if (i % 3 === 0) return reads.getLimits(call);
    return i % 3 === 1 ? reads.getHoldings(call) : reads.getSecurityInfo(quote(i), call);
  }
  return reads.getQuote(quote(i + k), call);
}

interface Round {
  readonly calls: number;
  readonly asks: number;
  readonly refused: number;
  readonly tooMany: number;
  readonly latencies: number[];
  readonly seconds: number;
  readonly cpuMicros: number;
}

/** One team's two seconds of asks through a fresh client (nothing read before), counted at the proxy. */
async function round(team: PaperTeam, shared: boolean): Promise<Round> {
  const client = await team.client(shared ? {} : { sharing: false });
  const before = { calls: team.proxy.passed.length, statuses: team.proxy.statuses.length };
  const latencies: number[] = [];
  let refused = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const asks: Promise<void>[] = [];
  for (let i = 0; i < ASKERS; i += 1) {
    const reads = client.as({ asker: i % 2 === 0 ? `discord:user-${i}` : `mcp:session-${i}` });
    for (let k = 0; k < ASKS_EACH; k += 1) {
      const at = k * SPACING_MS + (i * SPACING_MS) / ASKERS;
      asks.push(
        pause(at).then(async () => {
          const t0 = performance.now();
          try {
            await ask(reads, i, k);
            latencies.push(performance.now() - t0);
          } catch (error) {
            if (!isBrokerError(error, 'RATE_LIMITED')) throw error;
            refused += 1;
          }
        }),
      );
    }
  }
  await Promise.all(asks);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const statuses = team.proxy.statuses.slice(before.statuses);
  return {
    calls: team.proxy.passed.length - before.calls,
    asks: ASKERS * ASKS_EACH,
    refused,
    tooMany: statuses.filter((s) => s === 429).length,
    latencies,
    seconds,
    cpuMicros: used.user + used.system,
  };
}

function contender(name: string, rounds: readonly Round[]): ContenderReport {
  return {
    name,
    latencyMs: spreadOf(rounds.flatMap((r) => r.latencies)),
    opsPerSecond: spreadOf(rounds.map((r) => r.latencies.length / r.seconds)),
    cpuPerOpUs: spreadOf(rounds.map((r) => r.cpuMicros / r.asks)),
  };
}

/** A team on one account: broker calls per ask with reads shared and without, the broker's limits on. */
export const teamLoadCase: BenchCase = {
  name: 'team-load',
  title: `team load: ${ASKERS} askers (Discord and MCP), ${ASKERS * ASKS_EACH} asks in 2 s, broker rate limits on`,
  proves:
    'What sharing saves of the account’s request budget when a team asks at once (broker calls per ask, ' +
    'counted by a proxy in front of the paper broker), how many asks are refused for the rate limit, and ' +
    'that the broker never answers 429.',
  async run(ctx) {
    const team = await startPaperTeam(true);
    const rounds = ctx.scale.quick ? 1 : 3;
    const results = { shared: [] as Round[], unshared: [] as Round[] };
    try {
      for (let r = 0; r < rounds; r += 1) {
        for (const shared of r % 2 === 0 ? [true, false] : [false, true]) {
          (shared ? results.shared : results.unshared).push(await round(team, shared));
          // Past every window of the round, so the next starts with the broker's budget whole.
          await pause(1_500);
        }
      }
    } finally {
      await team.close();
    }
    const perAsk = (rs: readonly Round[]) => rs.map((r) => r.calls / r.asks);
    const tooMany = [...results.shared, ...results.unshared].reduce((n, r) => n + r.tooMany, 0);
    return {
      contenders: [contender(SHARED, results.shared), contender(UNSHARED, results.unshared)],
      ratios: [
        ratioReport(
          'broker calls per ask: shared / sharing off',
          perAsk(results.shared).map((v, i) => v / (perAsk(results.unshared)[i] ?? Number.NaN)),
          'lower',
        ),
      ],
      figures: [
        { name: 'broker calls per ask, shared', value: spreadOf(perAsk(results.shared)).p50, unit: 'calls' },
        {
          name: 'broker calls per ask, sharing off',
          value: spreadOf(perAsk(results.unshared)).p50,
          unit: 'calls',
        },
        ...(['shared', 'unshared'] as const).map((k) => ({
          name: `asks refused for the rate limit per round, ${k === 'shared' ? 'shared' : 'sharing off'}`,
          value: spreadOf(results[k].map((r) => r.refused)).p50,
          unit: `of ${ASKERS * ASKS_EACH}`,
        })),
      ],
      checks: [
        { name: 'the broker never answered 429', ok: tooMany === 0, detail: `${tooMany} answers 429` },
      ],
    };
  },
};

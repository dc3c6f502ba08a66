import { type Batch, drive, type Operation } from './drive.js';
import { ratioReport } from './ratio.js';
import { quantile, ratios, spreadOf } from './stats.js';
import type { ContenderReport, RatioReport, Scale } from './types.js';

/** One side of a comparison. */
export interface Contender {
  readonly name: string;
  readonly op: Operation;
}

/** How a comparison runs. */
export interface CompareOptions {
  readonly scale: Scale;
  /** Operations per contender per round in a full run (scaled by `scale.work`). */
  readonly opsPerRound: number;
  readonly concurrency: number;
  /** CPU microseconds the server process has used so far, read between batches. */
  readonly serverCpu?: () => Promise<number>;
}

/** What one contender did in one measured round. */
export interface RoundFigures {
  readonly p50: number;
  readonly p90: number;
  readonly opsPerSecond: number;
  readonly cpuPerOpUs: number;
  readonly serverCpuPerOpUs: number;
}

/** The figures a ratio can be taken of. */
export type Metric = keyof RoundFigures;

/** A finished comparison: each contender's report, and ratios between them round by round. */
export interface Comparison {
  readonly contenders: ContenderReport[];
  /** Contender names in the order they ran, warm-up rounds included. */
  readonly sequence: readonly string[];
  /** `metric` of `a` over `b`, one value per measured round. */
  ratio(name: string, a: string, b: string, metric: Metric, target?: number): RatioReport;
  /** `metric` of `a` minus `b`, one value per measured round (a cost added, in the metric's unit). */
  difference(name: string, a: string, b: string, metric: Metric, target?: number): RatioReport;
}

const BETTER: Record<Metric, 'lower' | 'higher'> = {
  p50: 'lower',
  p90: 'lower',
  opsPerSecond: 'higher',
  cpuPerOpUs: 'lower',
  serverCpuPerOpUs: 'lower',
};

/**
 * Runs the contenders interleaved: in each round every contender runs one batch, the order flipping
 * from round to round (A B, B A, A B...) so neither always follows the other. Warm-up rounds run the
 * same way and are thrown away. Ratios are taken within a round, where both sides saw the same machine.
 */
export async function compare(contenders: readonly Contender[], o: CompareOptions): Promise<Comparison> {
  const count = Math.max(1, Math.round(o.opsPerRound * o.scale.work));
  const rounds = new Map<string, RoundFigures[]>(contenders.map((c) => [c.name, []]));
  const pooled = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  const sequence: string[] = [];
  let first = 0;
  for (let r = 0; r < o.scale.warmupRounds + o.scale.rounds; r++) {
    const order = r % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order) {
      sequence.push(c.name);
      const serverBefore = (await o.serverCpu?.()) ?? 0;
      const batch = await drive(c.op, count, o.concurrency, first);
      const serverAfter = (await o.serverCpu?.()) ?? 0;
      first += count;
      if (r < o.scale.warmupRounds) continue;
      rounds.get(c.name)?.push(figures(batch, count, serverAfter - serverBefore));
      pooled.get(c.name)?.push(...batch.latencies);
    }
  }
  const series = (name: string, metric: Metric): number[] => (rounds.get(name) ?? []).map((f) => f[metric]);
  return {
    sequence,
    contenders: contenders.map((c) => ({
      name: c.name,
      latencyMs: spreadOf(pooled.get(c.name) ?? []),
      opsPerSecond: spreadOf(series(c.name, 'opsPerSecond')),
      cpuPerOpUs: spreadOf(series(c.name, 'cpuPerOpUs')),
      ...(o.serverCpu ? { serverCpuPerOpUs: spreadOf(series(c.name, 'serverCpuPerOpUs')) } : {}),
    })),
    ratio: (name, a, b, metric, target) =>
      ratioReport(name, ratios(series(a, metric), series(b, metric)), BETTER[metric], target, 'x'),
    difference: (name, a, b, metric, target) => {
      const base = series(b, metric);
      const unit = metric === 'p50' || metric === 'p90' ? 'ms' : metric === 'opsPerSecond' ? 'ops/s' : 'µs';
      const values = series(a, metric).map((v, i) => v - (base[i] ?? Number.NaN));
      return ratioReport(name, values, BETTER[metric], target, unit);
    },
  };
}

function figures(batch: Batch, count: number, serverMicros: number): RoundFigures {
  const sorted = [...batch.latencies].sort((x, y) => x - y);
  return {
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    opsPerSecond: (count / batch.elapsedMs) * 1000,
    cpuPerOpUs: batch.cpuMicros / count,
    serverCpuPerOpUs: serverMicros / count,
  };
}

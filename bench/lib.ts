import { performance } from 'node:perf_hooks';

/** Latency figures of one measured operation, in milliseconds, with its throughput. */
export interface Measurement {
  readonly name: string;
  readonly count: number;
  readonly opsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Runs `op` `count` times with `concurrency` in flight (after `warmup` unmeasured runs) and reports
 * throughput and latency percentiles.
 */
export async function measure(
  name: string,
  op: (i: number) => unknown,
  options: { count: number; concurrency?: number; warmup?: number },
): Promise<Measurement> {
  const { count, concurrency = 1, warmup = Math.min(50, Math.ceil(count / 10)) } = options;
  for (let i = 0; i < warmup; i++) await op(i);
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await op(i);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  return {
    name,
    count,
    opsPerSecond: (count / elapsed) * 1000,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    meanMs: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length),
  };
}

/** Prints measurements as an aligned table, with each row's throughput relative to the first. */
export function printTable(title: string, rows: readonly Measurement[]): void {
  const base = rows[0]?.opsPerSecond ?? 1;
  console.log(`\n## ${title}`);
  console.log(
    [
      'name'.padEnd(44),
      'ops/s'.padStart(10),
      'p50 ms'.padStart(9),
      'p99 ms'.padStart(9),
      'vs first'.padStart(9),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.name.padEnd(44),
        r.opsPerSecond.toFixed(0).padStart(10),
        r.p50Ms.toFixed(3).padStart(9),
        r.p99Ms.toFixed(3).padStart(9),
        `${(r.opsPerSecond / base).toFixed(2)}x`.padStart(9),
      ].join(' '),
    );
  }
}

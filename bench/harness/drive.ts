import { performance } from 'node:perf_hooks';

/** One operation; `i` numbers the operation across the whole run (for unique remarks and the like). */
export type Operation = (i: number) => unknown;

/** What one batch of operations took. */
export interface Batch {
  /** Latency of every operation, in milliseconds. */
  readonly latencies: number[];
  readonly elapsedMs: number;
  /** User and system CPU of this process over the batch, in microseconds. */
  readonly cpuMicros: number;
}

/**
 * Runs `op` `count` times keeping `concurrency` operations in flight, numbering them from `first`.
 * An operation that throws stops the batch: a benchmark of failures measures nothing.
 */
export async function drive(op: Operation, count: number, concurrency: number, first = 0): Promise<Batch> {
  const latencies: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = first + next++;
      const t0 = performance.now();
      await op(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { latencies, elapsedMs, cpuMicros: used.user + used.system };
}

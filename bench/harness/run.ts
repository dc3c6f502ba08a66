import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { BenchCase, CaseContext, CaseReport, Scale } from './types.js';

/** Where and how a run happened, so figures are never read without their machine. */
export interface RunMeta {
  readonly node: string;
  readonly platform: string;
  readonly cpus: number;
  readonly cpuModel: string;
  /** One-minute load average at the start and at the end of the run. */
  readonly load: readonly [number, number];
  readonly scale: Scale;
  readonly startedAt: string;
  readonly seconds: number;
}

/** A whole run: its conditions and every case's report. */
export interface BenchReport {
  readonly meta: RunMeta;
  readonly cases: readonly CaseReport[];
}

/** The scale of a full or a quick run; `rounds` overrides the number of measured rounds. */
export function scaleFor(quick: boolean, rounds?: number): Scale {
  return quick
    ? { quick, rounds: rounds ?? 2, warmupRounds: 1, work: 0.1 }
    : { quick, rounds: rounds ?? 7, warmupRounds: 2, work: 1 };
}

/**
 * Runs `cases` one after another; a case that throws is reported with its error and the run goes on.
 * Shared resources (servers in a child process) are started on first use and stopped at the end.
 */
export async function runCases(
  cases: readonly BenchCase[],
  options: { readonly scale: Scale; readonly log: (message: string) => void; readonly cpuProfDir?: string },
): Promise<BenchReport> {
  const { scale, log } = options;
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg()[0] ?? 0;
  const t0 = performance.now();
  const resources = new Map<string, { value: Promise<unknown>; stop: (v: never) => Promise<void> }>();
  const ctx: CaseContext = {
    scale,
    log,
    ...(options.cpuProfDir === undefined ? {} : { cpuProfDir: options.cpuProfDir }),
    shared<T>(key: string, start: () => Promise<T>, stop: (value: T) => Promise<void>): Promise<T> {
      let entry = resources.get(key);
      if (!entry) {
        entry = { value: start(), stop: stop as (v: never) => Promise<void> };
        resources.set(key, entry);
      }
      return entry.value as Promise<T>;
    },
  };
  const reports: CaseReport[] = [];
  try {
    for (const c of cases) {
      log(`${c.name}: ${c.title}`);
      const started = performance.now();
      const head = { name: c.name, title: c.title, proves: c.proves };
      try {
        const outcome = await c.run(ctx);
        reports.push({ ...head, ...outcome, seconds: (performance.now() - started) / 1000 });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`${c.name} failed: ${message}`);
        reports.push({ ...head, seconds: (performance.now() - started) / 1000, error: message });
      }
    }
  } finally {
    // Last started, first stopped: a resource may use one started before it.
    for (const { value, stop } of [...resources.values()].reverse()) {
      await value.then((v) => stop(v as never)).catch((error: unknown) => log(`stopping: ${String(error)}`));
    }
  }
  const cpu = cpus();
  return {
    meta: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpu.length,
      cpuModel: cpu[0]?.model.trim() ?? 'unknown',
      load: [loadBefore, loadavg()[0] ?? 0],
      scale,
      startedAt,
      seconds: (performance.now() - t0) / 1000,
    },
    cases: reports,
  };
}

import type { Spread } from './stats.js';

/** How hard to measure: a full run (the figures we publish) or a quick smoke run. */
export interface Scale {
  readonly quick: boolean;
  /** Measured rounds per comparison (each contender runs once per round). */
  readonly rounds: number;
  /** Unmeasured rounds first, to warm the JIT, the pools and the server. */
  readonly warmupRounds: number;
  /** Multiplies each case's operations per round (1 in a full run). */
  readonly work: number;
}

/** What one contender did over all measured rounds. */
export interface ContenderReport {
  readonly name: string;
  /** Per-operation latency in milliseconds, every measured operation pooled. */
  readonly latencyMs: Spread;
  /** Operations per second, one value per round. */
  readonly opsPerSecond: Spread;
  /** CPU of this process per operation, in microseconds, one value per round. */
  readonly cpuPerOpUs: Spread;
  /** CPU of the server process per operation, when the case measures one. */
  readonly serverCpuPerOpUs?: Spread;
}

/**
 * A ratio between two contenders (or, with a unit other than `x`, a difference), taken in every round;
 * its median is the headline.
 */
export interface RatioReport {
  readonly name: string;
  /** Per-round values, in the order the rounds ran. */
  readonly rounds: readonly number[];
  readonly spread: Spread;
  /** Which way is good: `lower` (a cost) or `higher` (a throughput). */
  readonly better: 'lower' | 'higher';
  readonly target?: number;
  /** Whether the median meets the target (undefined without one). */
  readonly met?: boolean;
  readonly unit?: string;
}

/** A single measured figure (a start-up time, a memory size, a count). */
export interface FigureReport {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly spread?: Spread;
}

/** A yes/no property the case verifies (a call count, every order final). */
export interface CheckReport {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** What a case hands back. */
export interface CaseOutcome {
  readonly contenders?: readonly ContenderReport[];
  readonly ratios?: readonly RatioReport[];
  readonly figures?: readonly FigureReport[];
  readonly checks?: readonly CheckReport[];
  readonly notes?: readonly string[];
}

/** Shared, lazily started resources a case may use; all are stopped when the run ends. */
export interface CaseContext {
  readonly scale: Scale;
  /** Where child processes that serve the measured requests write CPU profiles, when asked. */
  readonly cpuProfDir?: string;
  /** Progress for a person watching (stderr), never part of the results. */
  log(message: string): void;
  /** One instance of `start`'s result per key for the whole run, stopped at its end. */
  shared<T>(key: string, start: () => Promise<T>, stop: (value: T) => Promise<void>): Promise<T>;
}

/** One benchmark case. */
export interface BenchCase {
  /** Kebab-case; the command line filters on it. */
  readonly name: string;
  readonly title: string;
  /** One sentence: what the case proves. */
  readonly proves: string;
  run(ctx: CaseContext): Promise<CaseOutcome>;
}

/** A case's result as printed and as written by `--json`. */
export interface CaseReport extends CaseOutcome {
  readonly name: string;
  readonly title: string;
  readonly proves: string;
  readonly seconds: number;
  /** Set when the case failed to run; its figures are then absent. */
  readonly error?: string;
}

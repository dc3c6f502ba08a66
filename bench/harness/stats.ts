/** Order statistics of a set of numbers: the quantiles a reviewer reads, with the extremes. */
export interface Spread {
  readonly n: number;
  readonly min: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

/** The value at quantile `q` (0 to 1) of sorted numbers, interpolated linearly between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (at - low);
}

/** The spread of `values` (NaN everywhere when empty). */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p25: quantile(sorted, 0.25),
    p50: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  return spreadOf(values).p50;
}

/** Element-wise `a[i] / b[i]`, for ratios taken round by round. */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x / (b[i] ?? Number.NaN));
}

import { spreadOf } from './stats.js';
import type { RatioReport } from './types.js';

/**
 * A ratio report from its per-round values; with a target, `met` says whether the median is on the
 * good side of it (at most the target when lower is better, at least when higher is).
 */
export function ratioReport(
  name: string,
  rounds: readonly number[],
  better: 'lower' | 'higher',
  target?: number,
  unit?: string,
): RatioReport {
  const spread = spreadOf(rounds);
  const met = (t: number): boolean => (better === 'lower' ? spread.p50 <= t : spread.p50 >= t);
  return {
    name,
    rounds: [...rounds],
    spread,
    better,
    ...(target === undefined ? {} : { target, met: met(target) }),
    ...(unit === undefined ? {} : { unit }),
  };
}

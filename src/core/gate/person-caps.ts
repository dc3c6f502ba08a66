import {
  type CapWords,
  type DailyUsage,
  overDailyCaps,
  showCount,
  showRupees,
  type Violation,
  violation,
} from '../checks/index.js';
import type { PersonCaps } from '../people/index.js';

/** A person's cap refusals: the desk's rules, in words that say whose cap it is and who can raise it. */
function wordsFor(person: string): CapWords {
  return {
    orders: (adding, total, cap, left) =>
      `${adding === 1 ? 'This order' : `These ${adding} orders`} would make ${showCount(total)} of ${person}'s today, above their own daily cap of ${showCount(cap)} (${showCount(left)} left): wait for tomorrow (IST), or have the people file raise their maxDailyOrders.`,
    value: (total, cap, left) =>
      `This would bring ${person}'s order value today to ${showRupees(total)}, above their own daily cap of ${showRupees(cap)} (${showRupees(left)} left): trade smaller, or have the people file raise their maxDailyValue.`,
  };
}

/** A person's own daily caps (from the people file), on top of the desk's: what their orders would make today. */
export function checkPersonCaps(
  adding: { readonly orders: number; readonly value: number | undefined },
  usage: DailyUsage,
  caps: PersonCaps,
  person: string,
): Violation[] {
  const unvalued =
    caps.maxDailyValue !== undefined && adding.value === undefined
      ? [
          violation(
            'VALUE_UNKNOWN',
            `Cannot value this order against ${person}'s own daily value cap: fetch a quote first, or use a limit order.`,
          ),
        ]
      : [];
  return [...overDailyCaps(adding, usage, caps, wordsFor(person)), ...unvalued];
}

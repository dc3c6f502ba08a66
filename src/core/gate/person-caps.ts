import { type DailyUsage, showCount, showRupees, type Violation, violation } from '../checks/index.js';
import type { PersonCaps } from '../people/index.js';

/**
 * A person's own daily caps (from the people file), on top of the desk's: what their orders would make
 * today against what they may. The rules are the desk's, the words say whose cap it is.
 */
export function checkPersonCaps(
  adding: { readonly orders: number; readonly value: number | undefined },
  usage: DailyUsage,
  caps: PersonCaps,
  person: string,
): Violation[] {
  const out: Violation[] = [];
  const orders = usage.orders + adding.orders;
  const { maxDailyOrders, maxDailyValue } = caps;
  if (maxDailyOrders !== undefined && orders > maxDailyOrders) {
    const left = Math.max(0, maxDailyOrders - usage.orders);
    out.push(
      violation(
        'DAILY_ORDER_CAP',
        `${adding.orders === 1 ? 'This order' : `These ${adding.orders} orders`} would make ${showCount(orders)} of ${person}'s today, above their own daily cap of ${showCount(maxDailyOrders)} (${showCount(left)} left): wait for tomorrow (IST), or have the people file raise their maxDailyOrders.`,
        { ordersToday: usage.orders, adding: adding.orders, maxDailyOrders },
      ),
    );
  }
  if (maxDailyValue !== undefined && adding.value === undefined) {
    out.push(
      violation(
        'VALUE_UNKNOWN',
        `Cannot value this order against ${person}'s own daily value cap: fetch a quote first, or use a limit order.`,
      ),
    );
  } else if (
    maxDailyValue !== undefined &&
    adding.value !== undefined &&
    usage.value + adding.value > maxDailyValue
  ) {
    const total = Math.round((usage.value + adding.value) * 100) / 100;
    const left = Math.max(0, maxDailyValue - usage.value);
    out.push(
      violation(
        'DAILY_VALUE_CAP',
        `This would bring ${person}'s order value today to ${showRupees(total)}, above their own daily cap of ${showRupees(maxDailyValue)} (${showRupees(left)} left): trade smaller, or have the people file raise their maxDailyValue.`,
        { valueToday: usage.value, adding: adding.value, maxDailyValue },
      ),
    );
  }
  return out;
}

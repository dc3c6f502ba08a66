import type { AuditEntry } from '../audit/index.js';
import type { DailyUsage } from '../checks/index.js';
import { istDate } from '../time/ist.js';

/** The audit event that counts against the daily caps: orders sent, whatever became of them. */
export const SUBMITTED = 'submitted';

/** Orders and value sent per IST day, rebuilt from the audit log so a restart does not reset the caps. */
export class DailyUsageBook {
  readonly #days = new Map<string, { orders: number; value: number }>();

  constructor(entries: readonly AuditEntry[] = []) {
    for (const e of entries) {
      if (e.event !== SUBMITTED) continue;
      const data = e.data as { orders?: number; value?: number } | undefined;
      this.#add(e.at.slice(0, 10), data?.orders ?? 0, data?.value ?? 0);
    }
  }

  /** What has been sent on the IST day of `now`. */
  today(now: number): DailyUsage {
    return { ...(this.#days.get(istDate(now)) ?? { orders: 0, value: 0 }) };
  }

  /** Counts orders sent at `now`. */
  record(now: number, orders: number, value: number): void {
    this.#add(istDate(now), orders, value);
  }

  #add(day: string, orders: number, value: number): void {
    const current = this.#days.get(day) ?? { orders: 0, value: 0 };
    this.#days.set(day, { orders: current.orders + orders, value: current.value + value });
  }
}

import type { AuditEntry } from '../audit/index.js';
import type { DailyUsage } from '../checks/index.js';
import { istDate } from '../time/ist.js';

/** The audit event written just before orders are sent (the last step that can still stop them). */
export const SUBMITTED = 'submitted';

/**
 * What one ticket holds of a day's caps: its orders and their value, on the IST day it was approved, and
 * (with a people file) the person who asked for it, whose own caps it counts against too.
 */
export interface Hold {
  readonly day: string;
  readonly orders: number;
  readonly value: number;
  readonly person?: string;
}

/** The holds of a usage book as a checkpoint keeps them. */
export interface StoredUsage {
  readonly holds: ReadonlyArray<readonly [string, Hold]>;
  readonly legacy: ReadonlyArray<readonly [string, DailyUsage]>;
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * Orders and value per IST day, counted from the moment a ticket is approved (not when it is sent), so
 * concurrent approvals can never all pass a cap: each holds its share synchronously, and a hold is given
 * back only when its orders provably never reached the broker. Rebuilt from the audit log at start-up.
 */
export class DailyUsageBook {
  readonly #holds = new Map<string, Hold>();
  /** Orders sent by versions that recorded usage only when sending (no hold per ticket). */
  readonly #legacy = new Map<string, DailyUsage>();

  /**
   * What is held on the IST day of `now`, leaving out the hold of ticket `except`; with `person`, only
   * what that person's tickets hold (the desk's usage otherwise).
   */
  today(now: number, except?: string, person?: string): DailyUsage {
    const day = istDate(now);
    const legacy = person === undefined ? this.#legacy.get(day) : undefined;
    let orders = legacy?.orders ?? 0;
    let value = legacy?.value ?? 0;
    for (const [ticket, hold] of this.#holds) {
      if (hold.day !== day || ticket === except) continue;
      if (person !== undefined && hold.person !== person) continue;
      orders += hold.orders;
      value += hold.value;
    }
    return { orders, value: round(value) };
  }

  /** The hold of a ticket, if it has one. */
  held(ticket: string): Hold | undefined {
    return this.#holds.get(ticket);
  }

  /** Holds `orders` and `value` on the IST day of `now` for a ticket (and its person), replacing what it held. */
  hold(ticket: string, now: number, orders: number, value: number, person?: string): Hold {
    const hold = {
      day: istDate(now),
      orders,
      value: round(value),
      ...(person === undefined ? {} : { person }),
    };
    this.#holds.set(ticket, hold);
    return hold;
  }

  /** Gives back part of a ticket's hold (all of it by default), for orders that never reached the broker. */
  release(ticket: string, part?: { readonly orders: number; readonly value: number }): Hold | undefined {
    const hold = this.#holds.get(ticket);
    if (hold === undefined) return undefined;
    const orders = Math.max(0, hold.orders - (part?.orders ?? hold.orders));
    const value = Math.max(0, round(hold.value - (part?.value ?? hold.value)));
    if (orders === 0) this.#holds.delete(ticket);
    else this.#holds.set(ticket, { ...hold, orders, value });
    return { day: hold.day, orders: hold.orders - orders, value: round(hold.value - value) };
  }

  /** Replays one audit entry (holds at approval, releases, and the usage older versions recorded). */
  absorb(entry: AuditEntry): void {
    const data = (entry.data ?? {}) as { hold?: Hold; release?: Hold; orders?: number; value?: number };
    const ticket = entry.ticket ?? '';
    if (data.hold !== undefined && typeof data.hold.day === 'string') {
      const { day, orders, value, person } = data.hold;
      this.#holds.set(ticket, { day, orders, value, ...(typeof person === 'string' ? { person } : {}) });
    } else if (data.release !== undefined) {
      this.release(ticket, data.release);
    } else if (entry.event === SUBMITTED && !this.#holds.has(ticket)) {
      const day = entry.at.slice(0, 10);
      const seen = this.#legacy.get(day) ?? { orders: 0, value: 0 };
      this.#legacy.set(day, {
        orders: seen.orders + (data.orders ?? 0),
        value: seen.value + (data.value ?? 0),
      });
    }
  }

  /** What is held, as JSON (a checkpoint's). */
  snapshot(): StoredUsage {
    return { holds: [...this.#holds], legacy: [...this.#legacy] };
  }

  /** Takes back what a `snapshot` held, replacing what is held. */
  load(stored: StoredUsage): void {
    this.#holds.clear();
    this.#legacy.clear();
    for (const [ticket, hold] of stored.holds) this.#holds.set(ticket, { ...hold });
    for (const [day, usage] of stored.legacy) this.#legacy.set(day, { ...usage });
  }

  /** Forgets days before the IST day of `now` (a day's caps never look back). */
  prune(now: number): void {
    const day = istDate(now);
    for (const [ticket, hold] of this.#holds) if (hold.day < day) this.#holds.delete(ticket);
    for (const seen of [...this.#legacy.keys()]) if (seen < day) this.#legacy.delete(seen);
  }
}

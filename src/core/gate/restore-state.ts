import type { AuditEntry, AuditFold } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { type StoredTicket, settledBefore, TicketReplay } from './replay.js';
import { FINAL_TICKET_STATUSES, type Retention } from './ticket-store.js';
import { DailyUsageBook, type StoredUsage } from './usage.js';

const VERSION = 1;
/** Lines taken in between two sweeps of long-settled tickets. */
const SWEEP_EVERY = 1_000;

interface Stored {
  readonly version: typeof VERSION;
  readonly halted: boolean;
  readonly usage: StoredUsage;
  readonly tickets: readonly StoredTicket[];
}

/**
 * What the gate needs of its audit log at a start, kept line by line: the halt, the holds on the caps,
 * and the tickets still in play (and those settled within the retention window, as the gate keeps). The
 * log saves it with each checkpoint, so a start replays only the lines written after that.
 */
export class RestoreState implements AuditFold {
  halted = false;
  readonly usage = new DailyUsageBook();
  readonly tickets = new TicketReplay();
  readonly #retention: Retention;
  readonly #clock: Clock;
  #lastAt = 0;
  #taken = 0;

  constructor(retention: Retention, clock: Clock) {
    this.#retention = retention;
    this.#clock = clock;
  }

  absorb(entry: AuditEntry): void {
    // A halt (Discord's /halt) holds across restarts until someone resumes.
    if (entry.event === 'kill_switch_on' || entry.event === 'kill_switch_off')
      this.halted = entry.event === 'kill_switch_on';
    const at = Date.parse(entry.at);
    if (at > this.#lastAt) this.#lastAt = at;
    this.usage.absorb(entry);
    this.tickets.absorb(entry);
    this.#taken += 1;
    if (this.#taken % SWEEP_EVERY === 0) this.#sweep();
  }

  snapshot(): Stored {
    this.#sweep();
    return {
      version: VERSION,
      halted: this.halted,
      usage: this.usage.snapshot(),
      tickets: this.tickets.snapshot(),
    };
  }

  restore(state: unknown): boolean {
    const s = state as Partial<Stored> | null;
    const usage = s?.usage;
    if (
      s?.version !== VERSION ||
      typeof s.halted !== 'boolean' ||
      !Array.isArray(s.tickets) ||
      !Array.isArray(usage?.holds) ||
      !Array.isArray(usage?.legacy)
    )
      return false;
    this.halted = s.halted;
    this.usage.load(usage);
    this.tickets.load(s.tickets);
    return true;
  }

  /**
   * Lets go of past days' holds, and of settled tickets as the gate's memory would: those settled longer
   * ago than the window, then the oldest beyond the number kept. As of now (or the last line, when later):
   * a restart comes later still, so it would let go of them too.
   */
  #sweep(): void {
    const now = Math.max(this.#lastAt, this.#clock.now());
    this.usage.prune(now);
    const cutoff = now - this.#retention.settledMs;
    const settled = [...this.tickets.values()].filter((r) => FINAL_TICKET_STATUSES.has(r.ticket.status));
    for (const r of settled) if (settledBefore(r, cutoff)) this.tickets.drop(r.ticket.id);
    const kept = settled.filter((r) => !settledBefore(r, cutoff)).sort((a, b) => a.lastAt - b.lastAt);
    for (const r of kept.slice(0, Math.max(0, kept.length - this.#retention.maxSettled)))
      this.tickets.drop(r.ticket.id);
  }
}

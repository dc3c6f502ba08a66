import type { AuditLog } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { TicketExpiry } from './expiry.js';
import type { KillSwitch } from './kill-switch.js';
import type { TicketOutcomes } from './outcomes.js';
import { settledBefore } from './replay.js';
import { RestoreState } from './restore-state.js';
import { FINAL_TICKET_STATUSES, type HeldTicket, type Retention, type TicketStore } from './ticket-store.js';
import type { DailyUsageBook } from './usage.js';

/** What rebuilding the gate from its audit log reaches into. */
export interface RestoreDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  /** Which settled tickets are brought back (those settled within the window, at most so many). */
  readonly retention: Retention;
  readonly killSwitch: KillSwitch;
  readonly usage: DailyUsageBook;
  readonly store: TicketStore;
  readonly outcomes: TicketOutcomes;
  readonly expiry: TicketExpiry;
  /** Records the legs' latest outcomes. */
  readonly record: (held: HeldTicket, event: string) => Promise<void>;
  /** The gate follows its orders through an order feed (whose view tells what they did meanwhile). */
  readonly fed: boolean;
}

/**
 * Rebuilds the halt, the day's usage of the caps and the tickets from the audit log (its last checkpoint
 * and the lines after it; the log keeps that state up to date from here on), then picks up what the last
 * process left in play: a pending ticket can still be decided (or expires), one being sent is settled
 * from the order book. Resolves with the ids of the tickets that were in play.
 */
export async function restoreTickets(d: RestoreDeps): Promise<string[]> {
  const state = new RestoreState(d.retention, d.clock);
  await d.audit.replay(state);
  const now = d.clock.now();
  d.killSwitch.set(state.halted);
  d.usage.load(state.usage.snapshot());
  d.usage.prune(now);
  const carried: string[] = [];
  // Copies: the log's state goes on taking in what is written.
  for (const r of structuredClone(state.tickets.snapshot())) {
    if (settledBefore(r, now - d.retention.settledMs)) continue;
    if (!FINAL_TICKET_STATUSES.has(r.ticket.status)) carried.push(r.ticket.id);
    const held: HeldTicket = {
      ticket: r.ticket,
      releasedLegs: new Set(r.releasedLegs),
      touchedAt: r.lastAt,
      ...(r.sentAt === undefined ? {} : { sentAt: r.sentAt }),
    };
    d.store.add(held, now);
    await resume(d, held, r.submitted);
  }
  return carried;
}

async function resume(d: RestoreDeps, held: HeldTicket, submitted: boolean): Promise<void> {
  const { ticket } = held;
  if (ticket.status === 'PENDING') {
    d.expiry.ifDue(held);
    if (ticket.status === 'PENDING') d.expiry.later(held);
    else await held.expiring;
  } else if (ticket.status === 'SUBMITTING' && !submitted) {
    // `submitted` is written just before sending: without it, nothing was sent.
    for (const leg of ticket.legs) {
      leg.outcome = { status: 'NOT_PLACED', reason: 'omsdesk stopped before sending it; nothing was sent' };
    }
    await d.record(held, 'restored');
  } else if (ticket.status === 'SUBMITTING' || ticket.status === 'UNKNOWN') {
    for (const leg of ticket.legs) {
      if (leg.outcome === undefined || leg.outcome.status === 'UNKNOWN') {
        leg.outcome = {
          status: 'UNKNOWN',
          reason: 'omsdesk stopped while sending it; the order book will tell',
        };
      }
    }
    await d.record(held, 'restored');
    void d.outcomes.keepLooking(held);
  } else if (ticket.status === 'PLACED' && d.fed) {
    // Orders may have moved on while no process listened: the feed's view tells.
    void d.outcomes.follow(held, 'final', 0).catch(() => undefined);
  }
}

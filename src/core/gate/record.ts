import type { AuditLog } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { auditTransition, legsForAudit } from './approval.js';
import { statusFromLegs } from './placement.js';
import type { HeldTicket } from './ticket-store.js';
import type { Ticket } from './types.js';
import type { DailyUsageBook } from './usage.js';

/** What recording a ticket's orders needs from the gate. */
export interface RecordDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly usage: DailyUsageBook;
  readonly emit: (ticket: Ticket, event: string) => void;
}

/**
 * Records the legs' latest outcomes: the ticket's status follows them, legs proved never to have reached
 * the broker give back their share of the caps, and unchanged updates are not written twice.
 */
export async function recordOutcomes(d: RecordDeps, held: HeldTicket, event: string): Promise<void> {
  const { ticket } = held;
  ticket.status = statusFromLegs(ticket);
  const legs = legsForAudit(ticket);
  const seen = JSON.stringify(legs);
  if (event === 'order_update' && held.lastAudited === seen) return;
  held.lastAudited = seen;
  held.touchedAt = d.clock.now();
  const freed = ticket.legs.flatMap((l, i) =>
    l.outcome?.status === 'NOT_PLACED' && !held.releasedLegs.has(i) ? [i] : [],
  );
  for (const i of freed) held.releasedLegs.add(i);
  const release =
    freed.length === 0
      ? undefined
      : d.usage.release(ticket.id, {
          orders: freed.length,
          value: freed.reduce((sum, i) => sum + (ticket.legs[i]?.value ?? 0), 0),
        });
  try {
    await auditTransition(d.audit, ticket, event, undefined, {
      legs,
      ...(release === undefined ? {} : { release, releasedLegs: freed }),
    });
  } catch {
    ticket.warnings.push(`the audit log could not record "${event}"; the orders' state is still shown here`);
  }
  d.emit(ticket, event);
}

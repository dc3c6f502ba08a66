import type { AuditLog } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { auditTransition } from './approval.js';
import type { HeldTicket } from './ticket-store.js';
import type { Ticket } from './types.js';

/** What expiring tickets needs from the gate. */
export interface ExpiryDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  /** Aborts when the gate closes: no timer outlives it. */
  readonly life: AbortSignal;
  /** Tells the gate's listeners of a change. */
  readonly emit: (ticket: Ticket, event: string) => void;
}

/**
 * PENDING to EXPIRED, as approval does it: the status first (so nothing can decide the ticket meanwhile),
 * then the record, which whoever is refused for the expiry waits for (`HeldTicket.expiring`), and only
 * then the listeners. Found due by a timer at the expiry time, or by whoever reads the ticket first.
 */
export class TicketExpiry {
  constructor(private readonly d: ExpiryDeps) {}

  /** Expires the ticket when its time comes (unless decided before). */
  later(held: HeldTicket): void {
    const due = Date.parse(held.ticket.expiresAt) - this.d.clock.now();
    this.d.clock.sleep(Math.max(0, due), this.d.life).then(
      () => this.ifDue(held),
      () => undefined,
    );
  }

  /** Expires a pending ticket whose time has come; its record is then under way in `expiring`. */
  ifDue(held: HeldTicket): void {
    const { ticket } = held;
    if (ticket.status !== 'PENDING' || this.d.clock.now() < Date.parse(ticket.expiresAt)) return;
    void this.expire(held, 'no decision before the ticket expired');
  }

  /** Expires a pending ticket now; resolves once recorded and told. */
  expire(held: HeldTicket, reason: string): Promise<unknown> {
    const { ticket } = held;
    ticket.status = 'EXPIRED';
    ticket.reason = reason;
    held.touchedAt = this.d.clock.now();
    const told = () => this.d.emit(ticket, 'expired');
    held.expiring = auditTransition(this.d.audit, ticket, 'expired', undefined, { reason }).then(told, told);
    return held.expiring;
  }
}

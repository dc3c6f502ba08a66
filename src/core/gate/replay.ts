import type { AuditEntry } from '../audit/index.js';
import { FINAL_TICKET_STATUSES } from './ticket-store.js';
import type { CardRef, LegOutcome, Ticket, TicketStatus } from './types.js';
import { SUBMITTED } from './usage.js';

/** A ticket rebuilt from the audit log, with what its records say about sending. */
export interface ReplayedTicket {
  readonly ticket: Ticket;
  /** The `submitted` record exists: the orders may have left (it is written just before sending). */
  submitted: boolean;
  sentAt?: number;
  readonly releasedLegs: Set<number>;
  /** Time of the ticket's last record. */
  lastAt: number;
}

const OUTCOME_KEYS = [
  'status',
  'orderNumber',
  'filledQuantity',
  'averagePrice',
  'rejection',
  'reason',
] as const;
/** The record of where a ticket's card was posted. */
export const CARD_POSTED = 'card_posted';

/** Records whose `legs` carry the legs' outcomes (the preview's carry the frozen payload instead). */
const OUTCOME_EVENTS = new Set(['sent', 'reconciled', 'order_update', 'restored']);

function outcomeFrom(raw: unknown): LegOutcome | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const source = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of OUTCOME_KEYS) if (source[key] !== undefined) out[key] = source[key];
  return typeof out.status === 'string' ? (out as unknown as LegOutcome) : undefined;
}

function cardFrom(raw: unknown): CardRef | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { channelId, messageId } = raw as Record<string, unknown>;
  return typeof channelId === 'string' && typeof messageId === 'string'
    ? { channelId, messageId }
    : undefined;
}

/** The record of a ticket's preview: a full copy of the ticket, from which the rest is replayed. */
export function snapshotOf(ticket: Ticket): Ticket {
  return JSON.parse(JSON.stringify(ticket)) as Ticket;
}

/**
 * Rebuilds tickets from audit entries fed in order: the snapshot in `previewed` (or `refused` at
 * preview), then each transition's status, decision, reason and leg outcomes.
 */
export class TicketReplay {
  readonly #tickets = new Map<string, ReplayedTicket>();

  /** Applies one entry; returns the ticket it changed, if any. */
  absorb(entry: AuditEntry): ReplayedTicket | undefined {
    const id = entry.ticket;
    if (id === undefined) return undefined;
    const data = (entry.data ?? {}) as Record<string, unknown>;
    const at = Date.parse(entry.at);
    if (data.ticket !== undefined && !this.#tickets.has(id)) {
      const ticket = data.ticket as Ticket;
      this.#tickets.set(id, { ticket, submitted: false, releasedLegs: new Set(), lastAt: at });
    }
    const r = this.#tickets.get(id);
    if (r === undefined) return undefined;
    const t = r.ticket;
    if (typeof data.status === 'string') t.status = data.status as TicketStatus;
    if (typeof data.reason === 'string') t.reason = data.reason;
    if (entry.event === 'approved' || entry.event === 'declined') {
      if (entry.actor !== undefined) t.decidedBy = entry.actor;
      t.decidedAt = entry.at;
    } else if (entry.event === SUBMITTED) {
      r.submitted = true;
      r.sentAt = at;
    } else if (entry.event === CARD_POSTED) {
      const card = cardFrom(data.card);
      if (card !== undefined) t.card = card;
    }
    if (Array.isArray(data.releasedLegs))
      for (const leg of data.releasedLegs) r.releasedLegs.add(Number(leg));
    if (OUTCOME_EVENTS.has(entry.event) && Array.isArray(data.legs)) {
      data.legs.forEach((raw, i) => {
        const leg = t.legs[i];
        const outcome = outcomeFrom(raw);
        if (leg !== undefined && outcome !== undefined) leg.outcome = outcome;
      });
    }
    r.lastAt = at;
    return r;
  }

  /** Forgets a ticket (settled long ago: nothing to restore). */
  drop(id: string): void {
    this.#tickets.delete(id);
  }

  /** A replayed ticket, if its records were seen. */
  get(id: string): ReplayedTicket | undefined {
    return this.#tickets.get(id);
  }

  /** Every ticket still held. */
  values(): IterableIterator<ReplayedTicket> {
    return this.#tickets.values();
  }

  /** The tickets held, as JSON (a checkpoint's), in the order they were first seen. */
  snapshot(): StoredTicket[] {
    return [...this.#tickets.values()].map(({ releasedLegs, ...r }) => ({
      ...r,
      releasedLegs: [...releasedLegs],
    }));
  }

  /** Takes back the tickets of a `snapshot`, replacing those held. */
  load(stored: readonly StoredTicket[]): void {
    this.#tickets.clear();
    for (const { releasedLegs, ...r } of stored) {
      this.#tickets.set(r.ticket.id, { ...structuredClone(r), releasedLegs: new Set(releasedLegs) });
    }
  }
}

/** A replayed ticket as a checkpoint keeps it. */
export type StoredTicket = Omit<ReplayedTicket, 'releasedLegs'> & {
  readonly releasedLegs: readonly number[];
};

/** True when a replayed ticket is settled and its last record is older than `cutoff` (no need to keep it). */
export function settledBefore(r: Pick<ReplayedTicket, 'ticket' | 'lastAt'>, cutoff: number): boolean {
  return FINAL_TICKET_STATUSES.has(r.ticket.status) && r.lastAt < cutoff;
}

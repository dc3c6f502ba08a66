import type { Actor, AuditEntry, AuditRecord } from '../../core/audit/index.js';
import type { InstrumentRef } from '../../core/client/index.js';
import type { OrderGate } from '../../core/gate/index.js';
import type { Logger } from '../../core/logger.js';
import type { PeopleDirectory, Person } from '../../core/people/index.js';
import type { OrderListener, WatchedOrder } from '../../core/watcher/index.js';

/** What the web desk works with: the process's gate, order watcher, people, audit log and quotes. */
export interface WebDeskDeps {
  readonly gate: OrderGate;
  /** Today's orders and their changes, as the one order watcher of the process sees them. */
  readonly orders: {
    orders(): WatchedOrder[];
    subscribe(listener: OrderListener): () => void;
  };
  readonly people: Pick<PeopleDirectory, 'byId' | 'byDiscord' | 'authenticate' | 'tokenActiveFor'>;
  readonly audit: {
    append(record: AuditRecord): Promise<unknown>;
    scan(visit: (entry: AuditEntry) => void, filter?: { readonly ticket?: string }): Promise<void>;
  };
  /** A quote's last price (read in the people lane, as the web desk's). */
  quote(ref: InstrumentRef): Promise<{ lastPrice: number }>;
  /** The desk's four-eyes rule: requesters get no buttons on their own tickets (the gate refuses them anyway). */
  readonly fourEyes: boolean;
  /** Whether the halt form's "also cancel every working order" starts ticked (`OMSDESK_HALT_CANCELS`). */
  readonly haltCancels?: boolean;
  readonly logger: Logger;
  readonly now: () => number;
}

/** Refusals of nobody signed in audited per minute at most; the rest are only logged (a flood fills no disk). */
const UNSIGNED_AUDITS_PER_MINUTE = 60;

/** Whether one more refusal of nobody signed in may be audited this minute. */
export function unsignedAuditLimit(now: () => number): () => boolean {
  let window = { minute: -1, count: 0 };
  return () => {
    const minute = Math.floor(now() / 60_000);
    if (window.minute !== minute) window = { minute, count: 0 };
    return ++window.count <= UNSIGNED_AUDITS_PER_MINUTE;
  };
}

/** A person acting on the web desk, as the audit log names them. */
export function webActor(person: Person): Actor {
  return { channel: 'web', id: person.id, name: person.id, person: person.id };
}

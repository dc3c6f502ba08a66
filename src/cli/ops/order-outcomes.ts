import { FINAL_TICKET_STATUSES, type Ticket } from '../../core/gate/index.js';

/** What an order came to, as the metrics name it; any status the broker gives an open order is `placed`. */
export type OrderOutcome = 'placed' | 'not_placed' | 'unknown' | 'complete' | 'rejected' | 'canceled';

const NAMED: Readonly<Record<string, OrderOutcome>> = {
  NOT_PLACED: 'not_placed',
  UNKNOWN: 'unknown',
  COMPLETE: 'complete',
  REJECTED: 'rejected',
  CANCELED: 'canceled',
};

/** Tickets followed at once at most; the oldest is forgotten beyond (a ticket left open for days). */
const MAX_FOLLOWED = 10_000;

/** Outcomes only an order that reached the broker can have. */
const REACHED: ReadonlySet<OrderOutcome> = new Set(['complete', 'rejected', 'canceled']);

/**
 * Counts the orders of the tickets approved in this process once in each outcome they reach (`placed`
 * after `unknown` when the order book proves it, `complete` after `placed`), from the gate's change events,
 * in whatever order they come: an order first seen complete (its fill overtook the record of its sending)
 * was placed too. A ticket is forgotten once final.
 */
export class OrderOutcomes {
  readonly #counted = new Map<string, (OrderOutcome | undefined)[]>();

  constructor(private readonly count: (outcome: OrderOutcome) => void) {}

  observe(ticket: Ticket, event: string): void {
    // Followed from its approval here: tickets carried over a restart were counted by the last process.
    const counted = this.#counted.get(ticket.id) ?? (event === 'approved' ? [] : undefined);
    if (counted === undefined) return;
    ticket.legs.forEach((leg, i) => {
      const status = leg.outcome?.status;
      if (status === undefined) return;
      const outcome = NAMED[status] ?? 'placed';
      if (counted[i] === outcome) return;
      if (REACHED.has(outcome) && (counted[i] === undefined || counted[i] === 'unknown'))
        this.count('placed');
      counted[i] = outcome;
      this.count(outcome);
    });
    this.#counted.delete(ticket.id);
    if (FINAL_TICKET_STATUSES.has(ticket.status)) return;
    this.#counted.set(ticket.id, counted);
    if (this.#counted.size > MAX_FOLLOWED) this.#counted.delete(this.#counted.keys().next().value as string);
  }
}

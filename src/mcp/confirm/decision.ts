import type { GateError, Ticket } from '../../core/gate/index.js';

/** Where a ticket stands after its confirmation path ran, and what to say about it. */
export interface Decision {
  readonly ticket: Ticket;
  /** A first sentence for the result (what the human did). */
  readonly lead?: string;
  /** The gate's refusal, when the approval itself failed (price drift, expiry, checks). */
  readonly error?: GateError;
  /** What to do next, when the ticket's status alone does not say it. */
  readonly nextStep?: string;
}

import type { Ticket } from './types.js';

/**
 * Somewhere humans approve tickets outside the MCP client (the Discord approvals channel). `post` shows
 * the ticket to approvers; their decision comes back through `OrderGate.approve`/`decline`, so whoever
 * waits uses `OrderGate.waitForDecision`.
 */
export interface ApprovalChannel {
  /** For messages: `discord`. */
  readonly name: string;
  /** Shows the ticket to the approvers; rejects when it cannot (then nothing can approve it there). */
  post(ticket: Ticket): Promise<void>;
}

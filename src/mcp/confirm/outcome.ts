import type { Ticket } from '../../core/gate/index.js';
import type { McpGate } from '../deps.js';

const WAITING = new Set(['PENDING', 'SUBMITTING']);
// Sent but not yet heard of: the broker's first word (accepted, rejected) is worth a short wait.
const SENT = new Set(['PLACED', 'UNKNOWN']);

/**
 * Resolves once a ticket is decided and, when it was sent, once the broker's first answer on its orders
 * arrived (or `settleWaitMs` passed); rejects when `signal` aborts.
 */
export function waitForOutcome(
  gate: McpGate,
  id: string,
  settleWaitMs: number,
  signal: AbortSignal,
): Promise<Ticket> {
  return new Promise<Ticket>((resolve, reject) => {
    let settle: NodeJS.Timeout | undefined;
    const done = (ticket: Ticket): void => {
      stop();
      clearTimeout(settle);
      signal.removeEventListener('abort', onAbort);
      resolve(ticket);
    };
    const consider = (ticket: Ticket, event: string): void => {
      if (WAITING.has(ticket.status)) return;
      if (!SENT.has(ticket.status) || event === 'order_update') {
        done(ticket);
        return;
      }
      settle ??= setTimeout(() => done(gate.get(id) ?? ticket), settleWaitMs);
    };
    const onAbort = (): void => {
      stop();
      clearTimeout(settle);
      reject(signal.reason);
    };
    const stop = gate.onChange((ticket, event) => {
      if (ticket.id === id) consider(ticket, event);
    });
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    const now = gate.get(id);
    if (now) consider(now, 'current');
  });
}

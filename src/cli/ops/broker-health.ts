import type { ClientObserver, ExchangeOutcome, ExchangeReport } from '../../core/client/index.js';

/**
 * Outcomes that say the broker could not be reached or would not let us in: anything else (an answer,
 * even a refusal of one request or a rate limit) proves it is there and the session works. A session
 * key refused is not among them: the client logs in again at once, and that login's outcome counts.
 */
const UNREACHED: ReadonlySet<ExchangeOutcome> = new Set([
  'NETWORK',
  'TIMEOUT',
  'BROKER_UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'OUTCOME_UNKNOWN',
]);

/**
 * The broker's health as the process already sees it: the last request that reached an end (the order
 * watcher reads the books every few seconds, so there always is a recent one). Never asks the broker.
 */
export class BrokerHealth implements ClientObserver {
  #reached = true;

  exchanged(report: ExchangeReport): void {
    // A call its caller gave up on says nothing of the broker.
    if (report.outcome === 'ABORTED') return;
    this.#reached = !UNREACHED.has(report.outcome);
  }

  /** True while the last request reached the broker and was let in. */
  ok(): boolean {
    return this.#reached;
  }
}

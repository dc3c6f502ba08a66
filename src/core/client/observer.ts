import type { BrokerErrorCode } from '../errors.js';
import type { Lane } from '../transport/lanes.js';
import type { EndpointName, RateCategory } from '../vocabulary/index.js';

/** How one request to the broker ended: `OK`, or the code of its failure. */
export type ExchangeOutcome = 'OK' | BrokerErrorCode;

/** One request sent to the broker (an attempt: a retried read is several). */
export interface ExchangeReport {
  readonly endpoint: EndpointName;
  readonly lane: Lane;
  readonly outcome: ExchangeOutcome;
  /** From sending to the answer read (or the failure), on the client's clock. */
  readonly ms: number;
}

/** A call's wait for a rate slot, or its refusal at once when no slot could come before its deadline. */
export interface SlotReport {
  readonly category: RateCategory;
  readonly lane: Lane;
  /** 0 when a slot was free; absent for a refusal. */
  readonly ms?: number;
}

/**
 * What the client tells whoever watches it (metrics, readiness): every value comes from a fixed list,
 * never from what a caller typed. Told synchronously; a watcher that throws is ignored.
 */
export interface ClientObserver {
  exchanged?(report: ExchangeReport): void;
  /** A call got its rate slot, after `ms` of waiting. */
  waited?(report: SlotReport): void;
  /** A call was refused at once, nothing sent: no rate slot before its deadline. */
  refused?(report: SlotReport): void;
}

/** An observer whose failures never reach the call it watches. */
export function guardedObserver(observer: ClientObserver | undefined): Required<ClientObserver> {
  const safe =
    <T>(tell: ((report: T) => void) | undefined) =>
    (report: T): void => {
      try {
        tell?.call(observer, report);
      } catch {
        // Watching a call must never fail it.
      }
    };
  return {
    exchanged: safe(observer?.exchanged),
    waited: safe(observer?.waited),
    refused: safe(observer?.refused),
  };
}

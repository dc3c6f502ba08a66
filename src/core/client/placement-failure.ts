import type { BrokerError, BrokerErrorCode } from '../errors.js';
import { brokerError, describeCode, withDetails } from '../failures.js';

const AMBIGUOUS: ReadonlySet<BrokerErrorCode> = new Set([
  'TIMEOUT',
  'NETWORK',
  'ABORTED',
  'BROKER_UNAVAILABLE',
  'INVALID_RESPONSE',
]);

/** A failed placement: anything that may have reached the OMS becomes `OUTCOME_UNKNOWN`; every error keeps the tag. */
export function placementFailure(
  error: BrokerError,
  maybeSent: boolean,
  spec: {
    readonly label: string;
    readonly tag?: string | undefined;
    readonly tags?: readonly string[] | undefined;
  },
): BrokerError {
  const { tag, tags } = spec;
  const tagging = { ...(tag === undefined ? {} : { tag }), ...(tags === undefined ? {} : { tags }) };
  if (error.code === 'RATE_LIMITED') {
    // A definite refusal, whether the broker's or the client's own limit: it is never sent again by itself.
    return withDetails(error, tagging, 'Nothing was placed; place it again once the limit frees');
  }
  if (!(maybeSent && AMBIGUOUS.has(error.code))) return withDetails(error, tagging);
  const settle = (tags ?? [tag ?? '']).map((t) => `reconcileOrder(${JSON.stringify(t)})`).join(', ');
  return brokerError('OUTCOME_UNKNOWN', {
    label: spec.label,
    ...(error.endpoint === undefined ? {} : { endpoint: error.endpoint }),
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    ...(error.brokerText === undefined ? {} : { brokerText: error.brokerText }),
    ...(error.issues.length > 0 ? { issues: error.issues } : {}),
    ...tagging,
    note: `Cause: ${describeCode(error.code)}. Settle it with ${settle} before placing it again`,
    cause: error,
  });
}

import { type BrokerErrorCode, isBrokerError } from '../core/errors.js';
import { type GateErrorCode, isGateError } from '../core/gate/index.js';
import { escapeMarkdown, external } from './text/escape.js';

/** Input a command cannot use as given; nothing was sent. */
export class DeskInputError extends Error {
  override readonly name = 'DeskInputError';
  constructor(
    message: string,
    /** What the person should do instead. */
    readonly next: string,
  ) {
    super(message);
  }
}

const BROKER_NEXT: Readonly<Record<BrokerErrorCode, string>> = {
  SESSION_EXPIRED: 'run the command again: omsdesk logs in again by itself',
  INVALID_CREDENTIALS: 'the broker credentials of omsdesk are wrong: ask whoever runs it to fix them',
  INVALID_INPUT: 'fix what is named above and run the command again',
  NOT_FOUND: 'check the instrument (pick one from the autocomplete list) or the order number (/orders)',
  RATE_LIMITED: 'wait a few seconds, then run the command again',
  BROKER_UNAVAILABLE: 'try again in a minute',
  TIMEOUT: 'try again; for orders, check /order-status before placing again',
  NETWORK: 'try again; if it persists, omsdesk cannot reach the broker',
  INVALID_RESPONSE: 'try again later; if it persists, report it with the text above',
  OUTCOME_UNKNOWN:
    'never place the same order again until /order-status with the ticket id says it was not placed',
  ABORTED: 'run the command again if it is still needed',
  BROKER_ERROR: "read the broker's reason and change the request",
};

const GATE_NEXT: Readonly<Record<GateErrorCode, string>> = {
  TICKET_NOT_FOUND:
    'decide a waiting ticket on its own card (/pending links it), or place the order again with /order, /multi-order or /straddle',
  TICKET_EXPIRED: 'place the order again and have it approved before it expires',
  TICKET_DECIDED: 'see the card for its outcome, or /order-status with the ticket id',
  TICKET_TAMPERED: 'place the order again',
  CHECKS_FAILED: 'change the order so every check passes, then place it again',
  PRICE_DRIFT: 'place the order again at the current price',
  INSTRUMENT_NOT_FOUND: 'pick the instrument from the autocomplete list, or use one of the suggestions',
  INVALID_ORDER: 'fix the fields named above and run the command again',
  CONFIRMATION_UNAVAILABLE: 'ask an approver; orders are never placed without a human decision',
  NOT_ALLOWED: 'ask someone whose role allows it (/whoami says what yours allows)',
};

/**
 * What went wrong and what to do, for a Discord reply: the core's own words (the gate's and the client's
 * messages and every violation, as the MCP tools give them), the broker's text escaped and marked as data.
 */
export function describeError(error: unknown): string {
  if (isBrokerError(error)) {
    const message = escapeMarkdown(error.message);
    const detail = error.brokerText
      ? message.replace(`"${escapeMarkdown(error.brokerText)}"`, external(error.brokerText))
      : message;
    // A refusal for the rate limit says when a slot frees: the next step waits that long.
    const wait = error.code === 'RATE_LIMITED' ? error.retryAfterMs : undefined;
    const next =
      wait === undefined
        ? BROKER_NEXT[error.code]
        : `run the command again in ${Math.max(1, Math.ceil(wait / 1000))} s`;
    return `${detail}\nNext: ${next}.`;
  }
  if (isGateError(error)) {
    const list = error.violations.map((v) => `\n- ${escapeMarkdown(v.message)}`).join('');
    return `${escapeMarkdown(error.message)}${list}\nNext: ${GATE_NEXT[error.code]}.`;
  }
  if (error instanceof DeskInputError) return `${escapeMarkdown(error.message)}.\nNext: ${error.next}.`;
  return 'omsdesk could not complete the command (an unexpected error; it is in the omsdesk log). Next: try once more.';
}

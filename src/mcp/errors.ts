import type { CallToolResult } from '@modelcontextprotocol/server';
import { type BrokerErrorCode, isBrokerError } from '../core/errors.js';
import { type GateErrorCode, isGateError } from '../core/gate/index.js';
import { hasUntrusted, UNTRUSTED_LEGEND, untrusted } from './untrusted.js';

/** A tool argument that cannot be used as given; nothing was sent. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  constructor(
    message: string,
    /** What the caller should do instead. */
    readonly next: string,
  ) {
    super(message);
  }
}

interface Advice {
  /** What happened, first words of the result. */
  readonly what: string;
  /** What to do next. */
  readonly next: string;
}

const BROKER: Readonly<Record<BrokerErrorCode, Advice>> = {
  SESSION_EXPIRED: {
    what: 'session expired: reconnect',
    next: 'call again once: omsdesk logs in again by itself; if it keeps failing, restart omsdesk',
  },
  INVALID_CREDENTIALS: {
    what: 'the broker refused the login',
    next: 'the configured credentials or TOTP secret are wrong: fix them and restart omsdesk; retrying will not help',
  },
  INVALID_INPUT: {
    what: 'the request is invalid; nothing was sent',
    next: 'fix the inputs named above and call again',
  },
  NOT_FOUND: {
    what: 'the broker has nothing for this request',
    next: 'check the instrument (search_instruments) or the order number (get_order_book)',
  },
  RATE_LIMITED: { what: 'rate limited', next: 'wait, then retry the same call' },
  BROKER_UNAVAILABLE: { what: 'the broker is unavailable', next: 'retry in a minute' },
  TIMEOUT: {
    what: 'the broker did not answer in time',
    next: 'retry; for orders, check get_order_status before placing again',
  },
  NETWORK: {
    what: 'the broker could not be reached',
    next: 'check the network or the broker URL, then retry',
  },
  INVALID_RESPONSE: {
    what: "the broker's answer could not be read",
    next: 'retry later; if it persists, report it with the details above',
  },
  OUTCOME_UNKNOWN: {
    what: 'order outcome unknown: check get_order_status before retrying',
    next: 'never place the same order again until get_order_status (with the ticket id) says it was not placed',
  },
  ABORTED: { what: 'the request was cancelled', next: 'call again if it is still needed' },
  BROKER_ERROR: {
    what: 'the broker refused the request',
    next: "read the broker's reason and change the request",
  },
};

const GATE: Readonly<Record<GateErrorCode, Advice>> = {
  TICKET_NOT_FOUND: {
    what: "no such ticket in this omsdesk's records; nothing was sent with it",
    next: 'check the ticket id (T and 8 characters, from a place_* result); before previewing the order again, check get_order_book so a live order is not placed twice',
  },
  TICKET_EXPIRED: {
    what: 'the ticket expired before it was confirmed; nothing was sent',
    next: 'preview the order again and confirm it before it expires',
  },
  TICKET_DECIDED: {
    what: 'the ticket was already decided: a ticket is used once',
    next: 'check get_order_status with the ticket id; do not confirm it again',
  },
  TICKET_TAMPERED: {
    what: 'the confirmation names a different version of the ticket; nothing was sent',
    next: 'use the hash the preview returned, or preview again',
  },
  CHECKS_FAILED: {
    what: 'the pre-trade checks refused the order; nothing was sent',
    next: 'change the order to satisfy every check listed, then preview again',
  },
  PRICE_DRIFT: {
    what: 'the price moved too far since the preview; nothing was sent',
    next: 'preview again at the current price and ask again',
  },
  INSTRUMENT_NOT_FOUND: {
    what: 'instrument not found',
    next: 'use one of the suggestions, or find the exact symbol with search_instruments',
  },
  INVALID_ORDER: {
    what: 'the order is invalid; nothing was sent',
    next: 'fix the fields named above and call again',
  },
  CONFIRMATION_UNAVAILABLE: {
    what: 'no way to ask a human to confirm this order; nothing was sent',
    next: 'enable a confirmation path (see above); orders are never placed without a human decision',
  },
  NOT_ALLOWED: {
    what: 'who you are may not do this; nothing was sent',
    next: 'tell the person; whoami says what their role allows, and another person must do it',
  },
};

function retryAfter(ms: number | undefined): string {
  return ms === undefined ? '' : `: retry after ${Math.max(1, Math.ceil(ms / 1000))} s`;
}

/** What went wrong and what to do next, in words for a model; the broker's own text kept and marked. */
export function describeError(error: unknown): string {
  if (isBrokerError(error)) {
    const advice = BROKER[error.code];
    const detail = error.brokerText
      ? error.message.replace(`"${error.brokerText}"`, untrusted(error.brokerText))
      : error.message;
    const what =
      error.code === 'RATE_LIMITED' ? `${advice.what}${retryAfter(error.retryAfterMs)}` : advice.what;
    return `${what}. ${detail}. Next: ${advice.next}.`;
  }
  if (isGateError(error)) {
    const advice = GATE[error.code];
    const list = error.violations.map((v) => `\n- ${v.message}`).join('');
    return `${advice.what}. ${error.message}${list}\nNext: ${advice.next}.`;
  }
  if (error instanceof ToolInputError) return `invalid input: ${error.message}. Next: ${error.next}.`;
  const message = error instanceof Error ? error.message : String(error);
  return `omsdesk could not complete the call (${message.slice(0, 300)}). Next: retry once; if it persists, check the omsdesk logs.`;
}

/** A tool result for an error: `isError` with the description, legend added when outside text is quoted. */
export function errorResult(error: unknown, redact: (text: string) => string = (t) => t): CallToolResult {
  const text = redact(describeError(error));
  return {
    content: [{ type: 'text', text: hasUntrusted(text) ? `${text}\n${UNTRUSTED_LEGEND}` : text }],
    isError: true,
  };
}

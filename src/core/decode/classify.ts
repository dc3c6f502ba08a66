import type { BrokerErrorCode } from '../errors.js';

// Order matters: a login text reads "Invalid Input : Wrong Password", a symbol text "Invalid Input : Invalid
// Trading Symbol"; the specific rules come before the generic "Invalid Input" one.
const RULES: ReadonlyArray<readonly [RegExp, BrokerErrorCode]> = [
  [
    /invalid session key|session expired|invalid_jkey|session_expired|jkey parameter is invalid/i,
    'SESSION_EXPIRED',
  ],
  [/rate.?limit|too many requests/i, 'RATE_LIMITED'],
  [
    /wrong password|invalid app ?key|invalid vendor ?code|invalid user\b|invalid otp|invalid totp|wrong pan|pan\s*\/\s*dob|dob\s*\/\s*pan|user (is )?blocked|blocked user|account (is )?(blocked|locked)|password expired/i,
    'INVALID_CREDENTIALS',
  ],
  [/invalid trading ?symbol|no data/i, 'NOT_FOUND'],
  [
    /server timeout|unknown request|service unavailable|internal server error|server busy/i,
    'BROKER_UNAVAILABLE',
  ],
  [
    /invalid input|is missing|missing (mandatory|required)|not in string format|not valid json|error occurred : 2\b/i,
    'INVALID_INPUT',
  ],
];

/** The error code a broker failure text means; `BROKER_ERROR` when no rule knows it. */
export function classifyBrokerText(text: string): BrokerErrorCode {
  for (const [pattern, code] of RULES) if (pattern.test(text)) return code;
  return 'BROKER_ERROR';
}

/** True for the broker's "no data" answer (`Error Occurred : 5 "no data"`), which lists read as empty. */
export function isNoDataText(text: string): boolean {
  return /no data/i.test(text);
}

/** True for a plain-text or JSON-string body that reports a rate limit. */
export function isRateLimitText(text: string): boolean {
  return /rate.?limit|too many requests/i.test(text);
}

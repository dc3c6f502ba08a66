import { isFailureWord } from '../wire/index.js';
import { isObject, pick } from './body.js';
import { classifyBrokerText } from './classify.js';
import { failureText } from './failure-text.js';
import { type Decoded, type DecodeInput, failureError, successOutcome } from './outcome.js';
import { decodeV2 } from './v2.js';

/** The failure text of one element of a multi-order answer, if it is a failure. */
export function elementFailureText(element: unknown): string | undefined {
  if (!isObject(element) || !isFailureWord(pick(element, 'Status', 'status'))) return undefined;
  return failureText(element) ?? 'Failed';
}

/**
 * Multi-order and straddle: an array with one v2 result per order. When every element fails for the
 * session key, no order reached the OMS and the whole call is a session failure; an object answer is
 * a failure of the whole call.
 */
export function decodeMulti<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  if (!Array.isArray(body)) return decodeV2(body, input);
  const texts = body.map(elementFailureText);
  const allSession =
    texts.length > 0 &&
    texts.every((text) => text !== undefined && classifyBrokerText(text) === 'SESSION_EXPIRED');
  if (allSession) throw failureError(texts[0] ?? '', input);
  return successOutcome(body, body, input);
}

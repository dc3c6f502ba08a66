import { isFailureWord } from '../wire/index.js';
import { isObject, pick, pickText } from './body.js';
import { type Decoded, type DecodeInput, failureOutcome } from './outcome.js';
import { decodeV2 } from './v2.js';

/** Texts of a `detail` array (a validation failure from the gateway): `msg` of each entry. */
function detailTexts(detail: readonly unknown[]): string {
  return detail
    .map((entry) => (isObject(entry) ? (pickText(entry, 'msg', 'message') ?? '') : String(entry)))
    .filter((text) => text !== '')
    .join('; ');
}

/** First-generation login: success like the second generation; failure `{detail: {Status: Failed, data}}`. */
export function decodeV1Login<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  if (isObject(body) && 'detail' in body) {
    const detail = body.detail;
    if (typeof detail === 'string') return failureOutcome(detail, body, input);
    if (Array.isArray(detail)) return failureOutcome(`Invalid Input : ${detailTexts(detail)}`, body, input);
    if (isObject(detail) && (isFailureWord(pick(detail, 'Status', 'status')) || 'data' in detail)) {
      return failureOutcome(pickText(detail, 'data', 'emsg', 'message') ?? 'Failed', body, input);
    }
  }
  return decodeV2(body, input);
}

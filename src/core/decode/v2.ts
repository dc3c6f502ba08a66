import { isFailureWord, isSuccessWord } from '../wire/index.js';
import { isObject, type JsonObject, pick, pickText } from './body.js';
import { envelopeFailureText, failureText } from './failure-text.js';
import {
  type Decoded,
  type DecodeInput,
  failureOutcome,
  invalidResponse,
  successOutcome,
} from './outcome.js';

/** The body with its status key spelled `Status`, as the wire schemas expect (`status` also occurs). */
function withStatusKey(body: JsonObject): JsonObject {
  if ('Status' in body || !('status' in body)) return body;
  const { status, ...rest } = body;
  return { Status: status, ...rest };
}

/**
 * Second generation (`/apiV2/...`): `{Status: Success, data: {...}}` or `{Status: Failed, data: text}`
 * (some paths say `emsg`, the gateway `{status: failed, error: {message}}`). A nested first-generation
 * failure (`data.stat: Not_Ok`) is a failure too.
 */
export function decodeV2<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  if (!isObject(body)) throw invalidResponse(input, ['(body): expected an object with Status']);
  const envelope = withStatusKey(body);
  const word = pick(envelope, 'Status');
  if (isFailureWord(word)) {
    return failureOutcome(failureText(envelope) ?? String(word), body, input);
  }
  const nested = envelopeFailureText(envelope.data);
  if (nested !== undefined) return failureOutcome(nested, body, input);
  if (!isSuccessWord(word)) {
    const text = pickText(envelope, 'data', 'emsg');
    if (text !== undefined) return failureOutcome(text, body, input);
    throw invalidResponse(input, [`Status: unexpected status word ${JSON.stringify(word)}`]);
  }
  return successOutcome(envelope, body, input);
}

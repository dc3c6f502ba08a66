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

/**
 * The body as the second generation's envelope `{Status, data}`: `status` also occurs for `Status`; an
 * answer in Noren's own form (a successful `stat` beside the resource's fields, or a bare list of
 * entries) becomes `{Status: stat, data: body}`, as the first generation sends every answer.
 */
function envelopeOf(body: JsonObject): JsonObject {
  if ('Status' in body) return body;
  if ('status' in body) {
    const { status, ...rest } = body;
    return { Status: status, ...rest };
  }
  return isSuccessWord(body.stat) && !('data' in body) ? { Status: body.stat, data: body } : body;
}

/** A bare list is Noren's own list answer: a failure envelope as its first entry, else the entries. */
function listEnvelope(body: readonly unknown[]): JsonObject | string {
  return envelopeFailureText(body[0]) ?? { Status: 'Ok', data: body };
}

/**
 * Second generation (`/apiV2/...`): `{Status: Success, data: {...}}` or `{Status: Failed, data: text}`
 * (some paths say `emsg`, the gateway `{status: failed, error: {message}}`). A nested first-generation
 * failure (`data.stat: Not_Ok`) is a failure too, and Noren's own form is read as its envelope.
 */
export function decodeV2<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  const listed = Array.isArray(body) ? listEnvelope(body) : body;
  if (typeof listed === 'string') return failureOutcome(listed, body, input);
  if (!isObject(listed)) throw invalidResponse(input, ['(body): expected an object with Status']);
  const envelope = envelopeOf(listed);
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

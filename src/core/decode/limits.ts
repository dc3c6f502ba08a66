import { isFailureWord, isSuccessWord } from '../wire/index.js';
import { isObject, type JsonObject, pick, pickText } from './body.js';
import {
  type Decoded,
  type DecodeInput,
  failureOutcome,
  invalidResponse,
  successOutcome,
} from './outcome.js';

/** The readable text of a limits failure: the message, prefixed by the error name when there is one. */
function limitsFailureText(body: JsonObject): string {
  const error = body.error;
  const message =
    (isObject(error) ? pickText(error, 'message') : undefined) ?? pickText(body, 'message', 'data');
  const name = pickText(body, 'name');
  if (name !== undefined && message !== undefined) return `${name}: ${message}`;
  return message ?? name ?? 'failed';
}

/** Account limits (`/api/V3/limit`, `/api/V4/limit`): `status` in either case; failure names `code` and `name`. */
export function decodeLimits<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  if (!isObject(body)) throw invalidResponse(input, ['(body): expected an object with status']);
  const word = pick(body, 'status', 'Status');
  if (isFailureWord(word) || (!isSuccessWord(word) && 'error' in body)) {
    return failureOutcome(limitsFailureText(body), body, input);
  }
  if (!isSuccessWord(word))
    throw invalidResponse(input, [`status: unexpected status word ${JSON.stringify(word)}`]);
  const envelope = 'status' in body ? body : { status: word, ...body };
  return successOutcome(envelope, body, input);
}

import { isFailureWord, isSuccessWord } from '../wire/index.js';
import { isObject, pick } from './body.js';
import { failureText } from './failure-text.js';
import {
  type Decoded,
  type DecodeInput,
  failureOutcome,
  invalidResponse,
  successOutcome,
} from './outcome.js';

/** Account limits (`/api/V3/limit`, `/api/V4/limit`): `status` in either case; failure names `code` and `name`. */
export function decodeLimits<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  if (!isObject(body)) throw invalidResponse(input, ['(body): expected an object with status']);
  const word = pick(body, 'status', 'Status');
  if (isFailureWord(word) || (!isSuccessWord(word) && 'error' in body)) {
    return failureOutcome(failureText(body) ?? 'failed', body, input);
  }
  if (!isSuccessWord(word))
    throw invalidResponse(input, [`status: unexpected status word ${JSON.stringify(word)}`]);
  const envelope = 'status' in body ? body : { status: word, ...body };
  return successOutcome(envelope, body, input);
}

import { isSuccessWord } from '../wire/index.js';
import { isObject, pick } from './body.js';
import { envelopeFailureText } from './failure-text.js';
import {
  type Decoded,
  type DecodeInput,
  failureOutcome,
  invalidResponse,
  successOutcome,
} from './outcome.js';

/**
 * First generation (`/api/...`): success is `stat: Ok` with short names, or a bare array for lists;
 * failure is `{stat: Not_Ok, emsg}`, or an array holding one such object (candles), or the gateway's
 * `{status: failed, error: {message}}`.
 */
export function decodeV1<T>(body: unknown, input: DecodeInput<T>): Decoded<T> {
  const failure = envelopeFailureText(Array.isArray(body) ? body[0] : body);
  if (failure !== undefined) return failureOutcome(failure, body, input);
  if (isObject(body)) {
    const word = pick(body, 'stat', 'Stat', 'STAT');
    if (word !== undefined && !isSuccessWord(word)) {
      throw invalidResponse(input, [`stat: unexpected status word ${JSON.stringify(word)}`]);
    }
  }
  return successOutcome(body, body, input);
}

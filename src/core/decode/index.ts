import { brokerError } from '../failures.js';
import type { HttpResponse } from '../transport/http.js';
import { parseRetryAfter } from '../transport/retry.js';
import type { WireFamily } from '../vocabulary/index.js';
import { isObject, NOT_JSON, parseJson, pickText } from './body.js';
import { isRateLimitText } from './classify.js';
import { decodeLimits } from './limits.js';
import { decodeMulti } from './multi.js';
import type { Decoded, DecodeInput } from './outcome.js';
import { invalidResponse } from './outcome.js';
import { decodeV1 } from './v1.js';
import { decodeV1Login } from './v1-login.js';
import { decodeV2 } from './v2.js';

export { classifyBrokerText, isNoDataText } from './classify.js';
export { elementFailureText } from './multi.js';
export type { Decoded, DecodeInput } from './outcome.js';
export { failureError } from './outcome.js';

type FamilyDecoder = <T>(body: unknown, input: DecodeInput<T>) => Decoded<T>;

/** One decoder per envelope family. */
const DECODERS: Readonly<Record<WireFamily, FamilyDecoder>> = {
  v1: decodeV1,
  v1Login: decodeV1Login,
  v2: decodeV2,
  limits: decodeLimits,
  multi: decodeMulti,
};

/** True when a JSON body is the gateway's rate-limit answer (`name: API_RATE_LIMIT`, `code: 429`). */
function isRateLimitBody(body: unknown): boolean {
  if (typeof body === 'string') return isRateLimitText(body);
  if (!isObject(body)) return false;
  return body.name === 'API_RATE_LIMIT' || body.code === '429' || body.code === 429;
}

/**
 * Reads an answer by its family's envelope: success or failure comes from the body, never from the HTTP
 * status alone. Rate-limit answers (plain text, JSON, or HTTP 429) are `RATE_LIMITED` in every family.
 */
export function decodeResponse<T>(family: WireFamily, input: DecodeInput<T>, nowMs: number): Decoded<T> {
  const { response } = input;
  const body = parseJson(response.text);
  if (
    response.status === 429 ||
    (body === NOT_JSON && isRateLimitText(response.text)) ||
    isRateLimitBody(body)
  ) {
    const text =
      body !== NOT_JSON && isObject(body) ? pickText(body, 'message', 'emsg', 'data', 'name') : undefined;
    throw rateLimited(input, response, nowMs, text ?? excerpt(input));
  }
  if (body === NOT_JSON) throw invalidResponse(input, ['(body): not JSON'], excerpt(input) || undefined);
  return DECODERS[family](body, input);
}

/** The start of an unreadable body, which helps the user, unless the body may hold a secret. */
function excerpt(input: DecodeInput<unknown>): string {
  return input.secretAnswer === true ? '' : input.response.text.trim().slice(0, 200);
}

function rateLimited(
  input: Omit<DecodeInput<unknown>, 'schema' | 'noData'>,
  response: HttpResponse,
  nowMs: number,
  text: string,
) {
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], nowMs);
  return brokerError('RATE_LIMITED', {
    label: input.label,
    endpoint: input.endpoint,
    httpStatus: response.status,
    ...(text === '' ? {} : { brokerText: text }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

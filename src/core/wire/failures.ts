import { z } from 'zod';
import { optStr, str } from './common.js';

/** First-generation failure: `{stat: Not_Ok, emsg, request_time?}` (order history uses `requestTime`). */
export const v1Failure = z.looseObject({
  stat: str,
  emsg: str,
  request_time: optStr,
  requestTime: optStr,
});
export type V1Failure = z.infer<typeof v1Failure>;

/** First-generation login failure: `{detail: {Status: Failed, data: text}}`. */
export const v1LoginFailure = z.looseObject({
  detail: z.looseObject({ Status: str, data: str }),
});
export type V1LoginFailure = z.infer<typeof v1LoginFailure>;

/** Second-generation failure: `{Status: Failed, data: text, requestTime?}`; some paths say `emsg`. */
export const v2Failure = z.looseObject({
  Status: str,
  data: str.optional(),
  emsg: optStr,
  requestTime: optStr,
});
export type V2Failure = z.infer<typeof v2Failure>;

/**
 * The gateway's failure form, seen in every family: `{status: failed, error: {message}}`, sometimes with
 * `code` and `name` (the account-limits failure is one of these).
 */
export const errorObjectFailure = z.looseObject({
  status: optStr,
  Status: optStr,
  code: optStr,
  name: optStr,
  error: z.looseObject({ message: str }),
});
export type ErrorObjectFailure = z.infer<typeof errorObjectFailure>;

/** Account-limits failure: `{status, code, name, error: {field, message}}`. */
export const limitsFailure = z.looseObject({
  status: str,
  code: str,
  name: str,
  error: z.looseObject({ field: optStr, message: str }),
});
export type LimitsFailure = z.infer<typeof limitsFailure>;

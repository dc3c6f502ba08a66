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

/** Account-limits failure: `{status, code, name, error: {field, message}}`. */
export const limitsFailure = z.looseObject({
  status: str,
  code: str,
  name: str,
  error: z.looseObject({ field: optStr, message: str }),
});
export type LimitsFailure = z.infer<typeof limitsFailure>;

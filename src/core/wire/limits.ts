import { z } from 'zod';
import { optStr, sessionFields, str } from './common.js';

/** `/api/V3/limit` and `/api/V4/limit` request. */
export const limitsRequest = z.object(sessionFields);
export type LimitsRequest = z.infer<typeof limitsRequest>;

/** Account limits: `status` is `Success` in V3 and `success` in V4. */
export const limitsSuccess = z.looseObject({
  status: str,
  data: z.looseObject({
    requestTime: optStr,
    cash: str,
    payin: optStr,
    marginused: str,
    brkcollamt: optStr,
    peak_mar: optStr,
    span: optStr,
    expo: optStr,
    premium: optStr,
    collateral: optStr,
  }),
});
export type LimitsSuccess = z.infer<typeof limitsSuccess>;

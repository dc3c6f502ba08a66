import { z } from 'zod';
import { optStr, str } from './common.js';

/** `/api/indexList` request. */
export const indexListRequest = z.object({ userId: str, exchange: str, jKey: str });
export type IndexListRequest = z.infer<typeof indexListRequest>;

/** One index: its name and the token used to query it. */
export const indexEntry = z.looseObject({ idxname: str, token: str });
export type IndexEntry = z.infer<typeof indexEntry>;

/** `/api/indexList` success; some members of the family send only `values` (and `request_time`). */
export const indexListSuccess = z.looseObject({
  stat: optStr,
  request_time: optStr,
  values: z.array(indexEntry),
});
export type IndexListSuccess = z.infer<typeof indexListSuccess>;

import { z } from 'zod';
import { optStr, str } from './common.js';

/**
 * `/api/timePriceSeries` request; times `dd/mm/yyyy HH:mm:ss` IST. `intrv` (minutes, or `D` for daily)
 * is the SDKs' name for the interval; absent means one minute.
 */
export const candlesRequest = z.object({
  userId: str,
  exchange: str,
  token: str,
  starttime: str,
  endtime: str,
  jKey: str,
  intrv: optStr,
});
export type CandlesRequest = z.infer<typeof candlesRequest>;

/**
 * One candle; `time` is `dd-mm-yyyy HH:MM:SS` IST, `ssboe` epoch seconds (the interface also spells it
 * `ssboi`, kept as sent; rows may carry neither, or no `stat`). The list is newest first.
 */
export const candle = z.looseObject({
  stat: optStr,
  time: str,
  ssboe: optStr,
  into: str,
  inth: str,
  intl: str,
  intc: str,
  intvwap: optStr,
  intv: optStr,
  intoi: optStr,
  v: optStr,
  oi: optStr,
});
export type Candle = z.infer<typeof candle>;
export const candlesSuccess = z.array(candle);

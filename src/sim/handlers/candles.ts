import {
  BROKER_TEXTS,
  CANDLE_INTERVALS,
  type CandleInterval,
  ENDPOINTS,
} from '../../core/vocabulary/index.js';
import { candlesRequest } from '../../core/wire/index.js';
import { count, dateFirst, epochSeconds, money, parseSlashed } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route, RouteContext } from '../runtime.js';
import { instrumentByToken } from './instrument-lookup.js';
import { SDK_V2_PATHS } from './sdk-paths.js';

function instant(text: string, field: string): number {
  const ms = parseSlashed(text);
  if (Number.isNaN(ms)) {
    throw new SimFailure(`Invalid Input : ${field} must be dd/mm/yyyy HH:mm:ss, got "${text.slice(0, 40)}"`);
  }
  return ms;
}

function interval(text: string | undefined): CandleInterval {
  const value = (text ?? '1').trim().toUpperCase();
  if ((CANDLE_INTERVALS as readonly string[]).includes(value)) return value as CandleInterval;
  throw new SimFailure(`Invalid Input : intrv must be one of ${CANDLE_INTERVALS.join(', ')} (D is daily)`);
}

/** Candles of the request's window, newest first, at most `maxCandles` of the newest; none is "no data". */
function candleRows(ctx: RouteContext): Record<string, string>[] {
  const body = validateBody(candlesRequest, ctx.body);
  const i = instrumentByToken(ctx, body.exchange, body.token);
  const from = instant(body.starttime, 'starttime');
  const to = Math.min(instant(body.endtime, 'endtime'), ctx.now);
  if (from > instant(body.endtime, 'endtime'))
    throw new SimFailure('Invalid Input : starttime is after endtime');
  const bars = from > to ? [] : ctx.rt.market.candles(i, from, to, interval(body.intrv), ctx.now);
  if (bars.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
  const p = i.pricePrecision;
  return bars
    .slice(-ctx.rt.maxCandles)
    .reverse()
    .map((b) => ({
      stat: 'Ok',
      time: dateFirst(b.start),
      ssboe: epochSeconds(b.start),
      into: money(b.open, p),
      inth: money(b.high, p),
      intl: money(b.low, p),
      intc: money(b.close, p),
      intvwap: money(b.vwap, p),
      intv: count(b.volume),
      intoi: count(b.openInterestChange),
      v: count(b.volume),
      oi: count(b.openInterest),
    }));
}

/** `/api/timePriceSeries`: the candles as a bare array. */
export const candlesRoute: Route = {
  path: ENDPOINTS.candles.path,
  form: 'v1List',
  session: true,
  handle: candleRows,
};

/** `/apiV2/timePriceSeries` (the vendor SDK's path): the same candles as `{Status: Success, data: [...]}`. */
export const candlesV2Route: Route = {
  path: SDK_V2_PATHS.candles,
  form: 'v2',
  session: true,
  rate: 'candles',
  handle: (ctx) => ({ Status: 'Success', data: candleRows(ctx) }),
};

import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { DEPTH_LEVELS, instrumentRequest } from '../../core/wire/index.js';
import { clockTime, count, money, timeFirst } from '../format.js';
import { JsonText } from '../http/reply.js';
import { validateBody } from '../http/validate.js';
import type { DepthLevel, MarketSnapshot, SimInstrument } from '../market/types.js';
import type { Route } from '../runtime.js';
import { createAnswerCache } from './answer-cache.js';
import { describedInstrument, instrumentByToken, UNIT_PRICE_FACTOR } from './instrument-lookup.js';

function depth(
  side: 'Buy' | 'Sell',
  levels: readonly DepthLevel[],
  precision: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of DEPTH_LEVELS) {
    const level = levels[n - 1];
    out[`best${side}Price${n}`] = money(level?.price ?? 0, precision);
    out[`best${side}Quantity${n}`] = count(level?.quantity ?? 0);
    out[`best${side}Order${n}`] = count(level?.orders ?? 0);
  }
  return out;
}

function quoteAnswer(i: SimInstrument, s: MarketSnapshot, now: number): unknown {
  const p = i.pricePrecision;
  return {
    Status: 'Success',
    data: {
      requestTime: timeFirst(now),
      ...describedInstrument(i),
      pricePrecision: String(p),
      tickSize: money(i.tickSize, p),
      lotSize: count(i.lotSize),
      multipler: '1',
      token: i.token,
      priceFactor: UNIT_PRICE_FACTOR,
      lastTradedPrice: money(s.last, p),
      isin: i.isin,
      upperCircuit: money(s.upperCircuit, p),
      lowerCircuit: money(s.lowerCircuit, p),
      dayHighPrice: money(s.high, p),
      dayLowPrice: money(s.low, p),
      volume: count(s.volume),
      lastTradedQuantity: count(s.lastQuantity),
      lastTradeTime: clockTime(s.lastTradeAt),
      company: i.companyName,
      ...depth('Buy', s.bids, p),
      ...depth('Sell', s.asks, p),
    },
  };
}

// A quote is the same all through a second (its snapshot and its requestTime): written once per second.
const answers = createAnswerCache<JsonText>();

/** `/apiV2/getQuotes`: a snapshot with five levels of depth. */
export const quoteRoute: Route = {
  path: ENDPOINTS.quote.path,
  form: 'v2',
  session: true,
  handle(ctx) {
    const body = validateBody(instrumentRequest, ctx.body);
    const i = instrumentByToken(ctx, body.exchange, body.token);
    const market = ctx.rt.market;
    return answers.get(
      market,
      i,
      ctx.now,
      () => new JsonText(JSON.stringify(quoteAnswer(i, market.snapshot(i, ctx.now), ctx.now))),
    );
  },
};

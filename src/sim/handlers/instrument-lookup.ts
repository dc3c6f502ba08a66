import { BROKER_TEXTS, EXCHANGES } from '../../core/vocabulary/index.js';
import { SimFailure } from '../http/failure.js';
import type { SimInstrument } from '../market/types.js';
import type { RouteContext } from '../runtime.js';

/** Refuses an exchange the API does not know. */
export function checkExchange(exchange: string): void {
  if (!(EXCHANGES as readonly string[]).includes(exchange)) {
    throw new SimFailure(
      `Invalid Input : Invalid Exchange ${exchange.slice(0, 20)}; use ${EXCHANGES.join(', ')}`,
    );
  }
}

/** The instrument with this token on this exchange today, or the broker's "no data" failure. */
export function instrumentByToken(ctx: RouteContext, exchange: string, token: string): SimInstrument {
  checkExchange(exchange);
  const instrument = ctx.rt.market.universe(ctx.now).byToken(exchange, token.trim());
  if (!instrument) throw new SimFailure(BROKER_TEXTS.noData);
  return instrument;
}

/** The text the API puts in price-factor fields: the simulated market has no multipliers. */
export const UNIT_PRICE_FACTOR = '((1 / 1) * (1 / 1))';

/** The description fields quotes and security info share. */
export function describedInstrument(i: SimInstrument): Record<string, string> {
  return {
    exchange: i.exchange,
    tradingSymbol: i.tradingSymbol,
    companyName: i.companyName,
    symbolName: i.symbolName,
    segment: i.segment,
    instrumentName: i.kind,
  };
}

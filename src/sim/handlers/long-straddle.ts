import { BROKER_TEXTS, ENDPOINTS, missingFieldsText } from '../../core/vocabulary/index.js';
import { longStraddleRequest, type OrderLeg } from '../../core/wire/index.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { decodeSymbol, parseTicket } from '../orders/ticket.js';
import { accountOf, type Route } from '../runtime.js';
import { checkAccountId, placedV2 } from './order-entry.js';

const EXPIRY = /^\d{2}[A-Z]{3}\d{2}$/;
const STRIKE = /^\d{1,9}(\.\d{1,2})?$/;

/** The option's trading symbol (`NIFTY24NOV26C24000`), or the OMS's invalid-symbol failure. */
function optionSymbol(symbol: string, expiry: string, type: 'C' | 'P', strike: string): string {
  const text = strike.trim();
  if (!EXPIRY.test(expiry) || !STRIKE.test(text)) throw new SimFailure(BROKER_TEXTS.invalidTradingSymbol);
  return `${symbol}${expiry}${type}${String(Number(text))}`;
}

/**
 * `/apiV2/strategies/longStraddle`: buys the call, then the put, at one strike and expiry (`DDMMMYY`), at
 * market for the day. The session names the user and `actId` must be theirs. Both legs are checked
 * before either is placed: an unknown symbol, expiry or strike fails both and places nothing.
 */
export const longStraddleRoute: Route = {
  path: ENDPOINTS.longStraddle.path,
  form: 'multi',
  session: true,
  mutates: true,
  elements: () => 2,
  handle(ctx) {
    const body = validateBody(longStraddleRequest, ctx.body);
    checkAccountId(ctx, body.actId);
    const callStrike = body.callStrikePrice ?? body.strikePrice;
    const putStrike = body.putStrikePrice ?? body.strikePrice;
    if (callStrike === undefined || putStrike === undefined)
      throw new SimFailure(missingFieldsText(['strikePrice']));
    const symbol = (decodeSymbol(body.symbol)[0] ?? '').toUpperCase();
    const expiry = body.expiry.trim().toUpperCase();
    const universe = ctx.rt.market.universe(ctx.now);
    const tickets = (
      [
        ['C', callStrike],
        ['P', putStrike],
      ] as const
    ).map(([type, strike]) => {
      const leg: OrderLeg = {
        exchange: 'NFO',
        tradingSymbol: optionSymbol(symbol, expiry, type, strike),
        quantity: body.quantity,
        price: '0',
        product: body.product,
        transactionType: 'B',
        priceType: 'MKT',
        retention: 'DAY',
        ...(body.remarks === undefined ? {} : { remarks: body.remarks }),
      };
      return parseTicket(leg, universe);
    });
    const account = accountOf(ctx);
    return tickets.map((t) => placedV2(ctx.rt.orders.place(account, t, ctx.now), ctx.now));
  },
};

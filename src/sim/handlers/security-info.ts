import { ENDPOINTS } from '../../core/vocabulary/index.js';
import { instrumentRequest } from '../../core/wire/index.js';
import { count, money, timeFirst } from '../format.js';
import { validateBody } from '../http/validate.js';
import type { Route } from '../runtime.js';
import { describedInstrument, instrumentByToken, UNIT_PRICE_FACTOR } from './instrument-lookup.js';

/** `/apiV2/securityInfo`: the master record of one instrument. */
export const securityInfoRoute: Route = {
  path: ENDPOINTS.securityInfo.path,
  form: 'v2',
  session: true,
  handle(ctx) {
    const body = validateBody(instrumentRequest, ctx.body);
    const i = instrumentByToken(ctx, body.exchange, body.token);
    return {
      Status: 'Success',
      data: {
        requestTime: timeFirst(ctx.now),
        ...describedInstrument(i),
        tickSize: money(i.tickSize, i.pricePrecision),
        lotSize: count(i.lotSize),
        pricePrecision: String(i.pricePrecision),
        mult: '1',
        token: i.token,
        prcftr_d: UNIT_PRICE_FACTOR,
      },
    };
  },
};

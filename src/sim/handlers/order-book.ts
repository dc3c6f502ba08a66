import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { orderBookRequest } from '../../core/wire/index.js';
import { istDayStart } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { bookEntry } from '../orders/book-wire.js';
import { accountOf, type Route } from '../runtime.js';
import { checkExchange } from './instrument-lookup.js';

/**
 * `/apiV2/orderBook`: today's orders of the user, newest first, optionally of one exchange. An empty
 * book is the OMS's "no data" failure passed through, not an empty list.
 */
export const orderBookRoute: Route = {
  path: ENDPOINTS.orderBook.path,
  form: 'v2',
  session: true,
  handle(ctx) {
    const body = validateBody(orderBookRequest, ctx.body);
    const exchange = body.exchange?.trim() ?? '';
    if (exchange !== '') checkExchange(exchange);
    const today = istDayStart(ctx.now);
    const orders = ctx.rt.orders.store
      .ordersOf(accountOf(ctx).config.userId)
      .filter((o) => o.placedAt >= today && (exchange === '' || o.ticket.exchange === exchange));
    if (orders.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    return { Status: 'Success', data: orders.map(bookEntry).reverse() };
  },
};

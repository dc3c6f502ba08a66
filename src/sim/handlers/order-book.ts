import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { orderBookRequest } from '../../core/wire/index.js';
import { istDayStart } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { JsonText } from '../http/reply.js';
import { validateBody } from '../http/validate.js';
import { bookEntryJson } from '../orders/book-wire.js';
import type { SimOrder } from '../orders/types.js';
import { accountOf, type Route } from '../runtime.js';
import { checkExchange } from './instrument-lookup.js';

/**
 * The last book written per user, with what it was written from. Orders are only ever added and every
 * change of one adds a report, so the same day, filter, order count and report count give the same text.
 */
const written = new WeakMap<readonly SimOrder[], { key: string; answer: JsonText }>();

function bookAnswer(all: readonly SimOrder[], listed: readonly SimOrder[], key: string): JsonText {
  const hit = written.get(all);
  if (hit?.key === key) return hit.answer;
  // The entries as `JSON.stringify({ Status, data })` would write them, each from its own cache.
  const entries = listed.map(bookEntryJson).reverse();
  const answer = new JsonText(`{"Status":"Success","data":[${entries.join(',')}]}`);
  written.set(all, { key, answer });
  return answer;
}

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
    const all = ctx.rt.orders.store.ordersOf(accountOf(ctx).config.userId);
    const orders = all.filter(
      (o) => o.placedAt >= today && (exchange === '' || o.ticket.exchange === exchange),
    );
    if (orders.length === 0) throw new SimFailure(BROKER_TEXTS.noData);
    let reports = 0;
    for (const o of orders) reports += o.reports.length;
    return bookAnswer(all, orders, `${today}|${exchange}|${all.length}|${reports}`);
  },
};

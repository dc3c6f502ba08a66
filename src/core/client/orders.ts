import type { Decoded } from '../decode/index.js';
import { istIso } from '../domain/values.js';
import { type OrderRequest, orderLeg, orderProblems } from '../orders/order-request.js';
import { composeRemarks, newTag } from '../orders/tag.js';
import { MAX_ORDERS_PER_MULTI } from '../vocabulary/index.js';
import {
  type MultiOrderElement,
  multiOrderResponse,
  placeOrderV1Success,
  placeOrderV2Success,
} from '../wire/index.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { type LegResult, legResults, type PlacedOrder } from './placement-results.js';
import { okValue, request } from './request.js';
import { type StraddleRequest, type StraddleResult, straddleMethod } from './straddle.js';
import { assertValid, requireSession, sessionBody } from './validate.js';

/** Placing orders: one, up to ten in one call, or a long straddle. None of them is ever retried. */
export function orderMethods(ctx: ClientContext) {
  return {
    /** Sends one order; resolves when the OMS has received it (watch it with `waitForOrder`). */
    async placeOrder(order: OrderRequest, call?: CallOptions): Promise<PlacedOrder> {
      const label = 'placeOrder';
      assertValid(label, orderProblems(order));
      const tag = order.tag ?? newTag();
      const remarks = composeRemarks(tag, order.remarks, ctx.remarksMaxLength);
      const leg = orderLeg(order, remarks);
      ctx.logger.info('placing order', {
        tag,
        exchange: leg.exchange,
        tradingSymbol: leg.tradingSymbol,
        side: order.side,
        quantity: order.quantity,
      });
      if (ctx.generation === 'v1') {
        return request(ctx, {
          endpoint: 'placeOrderV1',
          label,
          schema: placeOrderV1Success,
          tag,
          call,
          body: (s) => sessionBody(s, { actid: requireSession(s).accountId, ...leg }),
          map: (d) => {
            const body = okValue(d);
            return {
              orderNumber: body.omsordno,
              tag,
              remarks,
              requestTime: istIso(body.request_time),
              raw: d.raw,
            };
          },
        });
      }
      return request(ctx, {
        endpoint: 'placeOrderV2',
        label,
        schema: placeOrderV2Success,
        tag,
        call,
        fields: leg,
        map: (d) => {
          const body = okValue(d);
          return {
            orderNumber: body.data.orderNumber,
            tag,
            remarks,
            requestTime: istIso(body.data.requestTime),
            raw: d.raw,
          };
        },
      });
    },

    /** Sends 1 to 10 orders in one call; each gets its own tag and its own answer, in request order. */
    async placeOrders(orders: readonly OrderRequest[], call?: CallOptions): Promise<readonly LegResult[]> {
      const label = 'placeOrders';
      const problems: string[] = [];
      if (!Array.isArray(orders) || orders.length === 0 || orders.length > MAX_ORDERS_PER_MULTI) {
        problems.push(
          `placeOrders takes 1 to ${MAX_ORDERS_PER_MULTI} orders (got ${Array.isArray(orders) ? orders.length : 'none'}); split larger batches`,
        );
      }
      (Array.isArray(orders) ? orders : []).forEach((o, i) => {
        for (const p of orderProblems(o)) problems.push(`orders[${i}]: ${p}`);
      });
      const tags = (orders ?? []).map((o) => o.tag ?? newTag());
      if (new Set(tags).size !== tags.length) problems.push('each order needs a different tag');
      assertValid(label, problems);
      const legs = orders.map((o, i) => {
        const tag = tags[i] as string;
        return { tag, remarks: composeRemarks(tag, o.remarks, ctx.remarksMaxLength), order: o };
      });
      ctx.logger.info('placing orders', { tags, count: legs.length });
      return request(ctx, {
        endpoint: 'multiPlaceOrders',
        label,
        schema: multiOrderResponse,
        tags,
        call,
        fields: { data: legs.map((l) => orderLeg(l.order, l.remarks)) },
        map: (d: Decoded<MultiOrderElement[]>) =>
          legResults(okValue(d), legs, label, '/apiV2/strategies/multiPlaceOrders'),
      });
    },

    /** Buys a call and a put at one strike (both legs share one tag). */
    placeLongStraddle(straddle: StraddleRequest, call?: CallOptions): Promise<StraddleResult> {
      return straddleMethod(ctx, straddle, call);
    },
  };
}

import type { CallOptions } from '../client/options.js';
import type { BrokerClient } from '../client/types.js';
import type { Order } from '../domain/order.js';
import { PRICE_TYPES, type PriceType, takesLimitPrice, takesTrigger } from '../vocabulary/index.js';
import { isWorkingOrder } from './cancels.js';
import { GateError } from './errors.js';
import type { ModifyInput, OrderInput } from './types.js';

/** The refusal of a modification: nothing was sent, and the reason names the order. */
function refuse(orderNumber: string, why: string): GateError {
  return new GateError('INVALID_ORDER', `order ${orderNumber}: ${why}; nothing was sent`);
}

function sameInstrument(order: Order, said: string): boolean {
  const words = said.trim().toUpperCase();
  const symbol = order.tradingSymbol.toUpperCase();
  return [symbol, `${order.exchange}:${symbol}`, order.token ?? symbol].includes(words);
}

/**
 * The order a modification changes, as the book shows it now, and the whole order with the new terms:
 * what the gate previews, checks and freezes like a placement. Refused, naming the order, when it is not
 * one of the account's orders today, no longer works, is being cancelled, or when the change would alter
 * its side or instrument, or leave nothing to change.
 */
export async function modification(
  broker: Pick<BrokerClient, 'getOrderBook'>,
  input: ModifyInput,
  cancelling: (orderNumber: string) => boolean,
  call: CallOptions,
): Promise<{ readonly order: Order; readonly input: OrderInput }> {
  const n = typeof input.orderNumber === 'string' ? input.orderNumber.trim() : '';
  if (n === '') throw new GateError('INVALID_ORDER', 'a modification names the order number it changes');
  if (cancelling(n)) throw refuse(n, 'it is being cancelled, so it cannot be modified');
  const book = await broker.getOrderBook({ ...call, lane: 'placement' });
  const order = book.find((o) => o.orderNumber === n);
  if (order === undefined) throw refuse(n, "it is not one of this account's orders today");
  if (!isWorkingOrder(order)) throw refuse(n, `it is ${order.status}: only a working order can be modified`);
  if (order.side === 'UNKNOWN') throw refuse(n, 'the broker did not say its side');
  if (input.side !== undefined && input.side !== order.side)
    throw refuse(n, `a modification cannot change its side (${order.side})`);
  if (input.instrument !== undefined && !sameInstrument(order, input.instrument))
    throw refuse(n, `a modification cannot change its instrument (${order.exchange}:${order.tradingSymbol})`);
  const priceType = input.priceType ?? order.priceType;
  if (!(PRICE_TYPES as readonly string[]).includes(priceType ?? ''))
    throw refuse(n, 'the broker did not say its price type; name one');
  const type = priceType as PriceType;
  const price = takesLimitPrice(type) ? (input.price ?? order.price) : undefined;
  const triggerPrice = takesTrigger(type) ? (input.triggerPrice ?? order.triggerPrice) : undefined;
  const quantity = input.quantity ?? order.quantity;
  const unchanged =
    quantity === order.quantity &&
    type === order.priceType &&
    (price ?? 0) === (order.price ?? 0) &&
    (triggerPrice ?? 0) === (order.triggerPrice ?? 0);
  if (unchanged) throw refuse(n, 'the new terms are the ones it has');
  return {
    order,
    input: {
      instrument: `${order.exchange}:${order.tradingSymbol}`,
      exchange: order.exchange as NonNullable<OrderInput['exchange']>,
      side: order.side,
      quantity,
      priceType: type,
      ...(price === undefined ? {} : { price }),
      ...(triggerPrice === undefined ? {} : { triggerPrice }),
      product: (order.product ?? 'I') as OrderInput['product'],
      ...(order.retention === undefined
        ? {}
        : { retention: order.retention as NonNullable<OrderInput['retention']> }),
    },
  };
}

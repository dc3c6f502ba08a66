import type { z } from 'zod';
import type { OrderInput } from '../../core/gate/index.js';
import {
  bare,
  exchangeField,
  instrumentField,
  priceTypeField,
  productField,
  quantityField,
  retentionField,
  sideField,
} from '../fields.js';
import { toPriceType, toProduct, toSide } from '../inputs.js';

/** The fields of one order, as a model states it (place_order). */
export const orderInputShape = {
  instrument: instrumentField,
  exchange: exchangeField,
  side: sideField,
  quantity: quantityField,
  price_type: priceTypeField,
  price: bare.rupees,
  trigger_price: bare.rupees,
  product: productField,
  retention: retentionField,
  remarks: bare.remarks,
};

/** The same fields inside a list of orders, where place_order's words stand for them. */
export const orderItemShape = {
  instrument: bare.instrument,
  exchange: bare.exchange,
  side: bare.side,
  quantity: bare.quantity,
  price_type: bare.priceType,
  price: bare.rupees,
  trigger_price: bare.rupees,
  product: bare.product,
  retention: bare.retention,
  remarks: bare.remarks,
};

/** One order's arguments as parsed. */
export type OrderArgs = z.output<z.ZodObject<typeof orderItemShape>>;

/** The gate's order input from the arguments. */
export function toOrderInput(a: OrderArgs): OrderInput {
  return {
    instrument: a.instrument,
    ...(a.exchange === undefined ? {} : { exchange: a.exchange }),
    side: toSide(a.side),
    quantity: a.quantity,
    priceType: toPriceType(a.price_type, a.price, a.trigger_price),
    ...(a.price === undefined ? {} : { price: a.price }),
    ...(a.trigger_price === undefined ? {} : { triggerPrice: a.trigger_price }),
    product: toProduct(a.product),
    ...(a.retention === undefined ? {} : { retention: a.retention }),
    ...(a.remarks === undefined || a.remarks === '' ? {} : { remarks: a.remarks }),
  };
}

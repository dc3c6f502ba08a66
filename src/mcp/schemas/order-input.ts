import { z } from 'zod';
import type { OrderInput } from '../../core/gate/index.js';
import {
  exchangeField,
  instrumentField,
  priceTypeField,
  productField,
  quantityField,
  retentionField,
  rupeesField,
  sideField,
} from '../fields.js';
import { toPriceType, toProduct, toSide } from '../inputs.js';

/** The fields of one order, as a model states it. */
export const orderInputShape = {
  instrument: instrumentField,
  exchange: exchangeField,
  side: sideField,
  quantity: quantityField,
  price_type: priceTypeField,
  price: rupeesField('Limit price (LMT, SL-LMT)'),
  trigger_price: rupeesField('Stop-loss trigger (SL-LMT, SL-MKT)'),
  product: productField,
  retention: retentionField,
  remarks: z.string().trim().max(40).optional().describe('A short note kept with the order.'),
};

/** One order's arguments as parsed. */
export type OrderArgs = z.output<z.ZodObject<typeof orderInputShape>>;

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

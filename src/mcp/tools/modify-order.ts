import { z } from 'zod';
import { placeThroughGate } from '../confirm/place.js';
import { bare } from '../fields.js';
import { toPriceType } from '../inputs.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';
import { CONFIRMATION_NOTE } from './place-order.js';

/** An order number as the broker gives it. */
export const orderNumberField = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/);

/** `modify_order`: new terms for a working order, confirmed by a human like a placement. */
export const modifyOrderTool = defineTool({
  name: 'modify_order',
  title: 'Modify order',
  description: `New quantity or prices for a working order; the rest stays. ${CONFIRMATION_NOTE}`,
  annotations: PLACE,
  card: 'linked',
  input: {
    order_number: orderNumberField.describe('Of a working order.'),
    quantity: bare.quantity.optional().describe('New total units.'),
    price_type: bare.priceType.describe('Unchanged unless given.'),
    price: bare.rupees,
    trigger_price: bare.rupees,
  },
  output: answerOut,
  handler: (args, ctx) =>
    placeThroughGate(ctx, {
      kind: 'modify',
      modify: {
        orderNumber: args.order_number,
        ...(args.quantity === undefined ? {} : { quantity: args.quantity }),
        ...(args.price_type === undefined && args.price === undefined && args.trigger_price === undefined
          ? {}
          : { priceType: toPriceType(args.price_type, args.price, args.trigger_price) }),
        ...(args.price === undefined ? {} : { price: args.price }),
        ...(args.trigger_price === undefined ? {} : { triggerPrice: args.trigger_price }),
      },
    }),
});

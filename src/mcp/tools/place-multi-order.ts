import { z } from 'zod';
import { MAX_ORDERS_PER_MULTI } from '../../core/vocabulary/index.js';
import { placeThroughGate } from '../confirm/place.js';
import { orderItemShape, toOrderInput } from '../schemas/order-input.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';
import { CONFIRMATION_NOTE } from './place-order.js';

/** `place_multi_order`: up to 10 orders as one ticket, confirmed once, sent in one call. */
export const placeMultiOrderTool = defineTool({
  name: 'place_multi_order',
  title: 'Place several orders',
  description: `1 to ${MAX_ORDERS_PER_MULTI} orders as one ticket, confirmed once (each can still be rejected). ${CONFIRMATION_NOTE}`,
  annotations: PLACE,
  card: 'linked',
  input: {
    orders: z
      .array(z.object(orderItemShape))
      .min(1)
      .max(MAX_ORDERS_PER_MULTI)
      .describe('Each with the fields of place_order.'),
  },
  output: answerOut,
  handler: (args, ctx) => placeThroughGate(ctx, { kind: 'multi', orders: args.orders.map(toOrderInput) }),
});

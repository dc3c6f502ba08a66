import { z } from 'zod';
import { placeThroughGate } from '../confirm/place.js';
import { productField, quantityField, upTo, words } from '../fields.js';
import { toProduct } from '../inputs.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';
import { CONFIRMATION_NOTE } from './place-order.js';

/** `place_long_straddle`: buys the call and the put of one underlying at one strike and expiry. */
export const placeLongStraddleTool = defineTool({
  name: 'place_long_straddle',
  title: 'Place long straddle',
  description: `Buys the call and the put of one strike and expiry at market. ${CONFIRMATION_NOTE}`,
  annotations: PLACE,
  card: 'linked',
  input: {
    symbol: words(20).describe('Underlying: NIFTY, BANKNIFTY, ...'),
    strike: upTo(10_000_000),
    expiry: words(20).describe('2026-11-24 or 24NOV26.'),
    quantity: quantityField.describe('Units per leg.'),
    product: productField.optional().describe('M (default) or I.'),
    remarks: z.string().trim().max(40).optional(),
  },
  output: answerOut,
  handler: (args, ctx) =>
    placeThroughGate(ctx, {
      kind: 'straddle',
      straddle: {
        symbol: args.symbol,
        strike: args.strike,
        expiry: args.expiry,
        quantity: args.quantity,
        product: toProduct(args.product ?? 'M'),
        ...(args.remarks === undefined || args.remarks === '' ? {} : { remarks: args.remarks }),
      },
    }),
});

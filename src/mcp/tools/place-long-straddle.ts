import { z } from 'zod';
import { placeThroughGate } from '../confirm/place.js';
import { productField, quantityField } from '../fields.js';
import { toProduct } from '../inputs.js';
import { ticketOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';
import { CONFIRMATION_NOTE } from './place-order.js';

/** `place_long_straddle`: buys the call and the put of one underlying at one strike and expiry. */
export const placeLongStraddleTool = defineTool({
  name: 'place_long_straddle',
  title: 'Place long straddle',
  description: `Buys the call and the put of an underlying at the same strike and expiry, at market (the broker's straddle order). ${CONFIRMATION_NOTE}`,
  annotations: PLACE,
  input: {
    symbol: z.string().trim().min(1).max(20).describe('The underlying: NIFTY, BANKNIFTY, RELIANCE, ...'),
    strike: z.number().positive().max(10_000_000).describe('Rupees, listed for that expiry.'),
    expiry: z.string().trim().min(7).max(20).describe('Expiry date: 2026-11-24, 24-NOV-2026 or 24NOV26.'),
    quantity: quantityField.describe('Units per leg (lots x lot size).'),
    product: productField.optional().describe('M carry-forward (default) or I intraday.'),
    remarks: z.string().trim().max(40).optional().describe('A short note kept with the orders.'),
  },
  output: ticketOut,
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

import { type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ORDER_SIDES } from '../../core/domain/enums.js';
import { PRODUCTS } from '../../core/vocabulary/index.js';
import type { Completions } from '../completions.js';
import type { Era, ResolvedDeps } from '../context.js';
import { describeError } from '../errors.js';
import { resolveInstrument } from '../inputs.js';
import type { Toggle } from '../ordering.js';
import { getLimitsTool } from '../tools/get-limits.js';
import { getQuoteTool } from '../tools/get-quote.js';
import { getSecurityInfoTool } from '../tools/get-security-info.js';
import { completeInstrument, completeWord } from './complete.js';
import { promptContext, section, userMessage } from './compose.js';

/** The order as the person states it; prompt arguments are text, so numbers are read from it. */
const ARGS = z.object({
  instrument: z.string().trim().min(1).max(64).describe('RELIANCE, NSE:RELIANCE-EQ or a token.'),
  side: z.string().trim().toUpperCase().pipe(z.enum(ORDER_SIDES)).describe('BUY or SELL.'),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'a whole number of units')
    .describe('Units (lots x lot size).'),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,4})?$/, 'a price in rupees, like 2500.50')
    .optional()
    .describe('Limit price in rupees; none for a market order.'),
  product: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(PRODUCTS))
    .describe('C delivery (default), M carry-forward, I intraday.')
    .optional(),
});

/** `order_review`: an order looked over with the person before anything is previewed or sent. */
export function registerOrderReview(
  server: McpServer,
  ready: Promise<ResolvedDeps>,
  era: Era,
  completions: Completions,
): Toggle {
  const prompt = server.registerPrompt(
    'order_review',
    {
      title: 'Review an order before placing it',
      description:
        'Looks an order over before anything is placed: lot and tick, circuit band, what it costs against the margin available.',
      argsSchema: ARGS,
    },
    async (args, req) => {
      const ctx = await promptContext('order_review', await ready, server, req, era, true);
      let key: string;
      try {
        key = resolveInstrument(ctx.deps.catalog(), args.instrument).key;
      } catch (error) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, describeError(error));
      }
      const order = {
        instrument: key,
        side: args.side,
        quantity: Number(args.quantity),
        ...(args.price === undefined ? {} : { price: Number(args.price) }),
        product: args.product ?? 'C',
      };
      const sections = await Promise.all([
        section(ctx, 'Quote', getQuoteTool, { instrument: key }),
        section(ctx, 'Security', getSecurityInfoTool, { instrument: key }),
        section(ctx, 'Limits', getLimitsTool),
      ]);
      const price = order.price === undefined ? 'at market' : `limit ₹${args.price}`;
      return userMessage(ctx, [
        `Review this order with me before anything is placed: ${order.side} ${order.quantity} ${key}, ${price}, product ${order.product}. What omsdesk reports now:`,
        ...sections,
        'Tell me plainly: is the quantity a multiple of the lot and the price one of the tick; is the price inside the circuit band and near the last trade; what the order would cost and whether the available margin covers it; and anything else that could get it rejected. Do not place it yet.',
        `If I then say to go ahead, call place_order with ${JSON.stringify(order)}: I will be asked to confirm the ticket before anything is sent.`,
      ]);
    },
  );
  completions.prompt('order_review', prompt, {
    instrument: (typed) => completeInstrument(ready, typed),
    side: (typed) => completeWord(ORDER_SIDES, typed),
    product: (typed) => completeWord(PRODUCTS, typed),
  });
  return prompt;
}

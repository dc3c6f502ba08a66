import { z } from 'zod';
import { countByGroup, orderGroup } from '../../core/domain/order.js';
import { cursorField, limitField, page, pageNote } from '../paging.js';
import { orderLine, orderOf, orderOut } from '../schemas/order.js';
import { defineTool, READ } from '../tool.js';

/** `get_order_book`: today's orders in their latest state, newest first, paged. */
export const getOrderBookTool = defineTool({
  name: 'get_order_book',
  title: 'Get order book',
  description: "Today's orders, newest first, with counts by state and rejection reasons.",
  annotations: READ,
  input: {
    status: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.enum(['all', 'open', 'complete', 'rejected', 'canceled']),
      )
      .default('all')
      .describe('open: pending, open, trigger pending.'),
    limit: limitField(20, 100),
    cursor: cursorField,
  },
  output: {
    items: z.array(orderOut),
    total: z.number(),
    counts: z.object({
      open: z.number(),
      complete: z.number(),
      rejected: z.number(),
      canceled: z.number(),
      other: z.number(),
    }),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const orders = [...(await ctx.deps.client.getOrderBook({ signal: ctx.signal }))].sort((a, b) =>
      b.orderNumber.localeCompare(a.orderNumber),
    );
    const counts = countByGroup(orders);
    const chosen = args.status === 'all' ? orders : orders.filter((o) => orderGroup(o) === args.status);
    const p = page(chosen, args.limit, args.cursor, `orders:${args.status}`);
    const head = `Orders today: ${counts.open} open, ${counts.complete} complete, ${counts.rejected} rejected, ${counts.canceled} canceled. Showing ${args.status} (${pageNote(p)}).`;
    return {
      data: { ...p, items: p.items.map(orderOf), counts },
      text: [head, ...p.items.map(orderLine)].join('\n'),
    };
  },
});

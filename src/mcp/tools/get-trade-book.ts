import { z } from 'zod';
import { showCount, showPrice } from '../../core/checks/index.js';
import { cursorField, limitField, page, pageNote } from '../paging.js';
import { external } from '../schemas/common.js';
import { defineTool, READ } from '../tool.js';

/** `get_trade_book`: today's fills, newest first, paged. */
export const getTradeBookTool = defineTool({
  name: 'get_trade_book',
  title: 'Get trade book',
  description: "Today's fills, newest first: order number, instrument, side, quantity, price, time.",
  annotations: READ,
  input: { limit: limitField(20, 100), cursor: cursorField },
  output: {
    items: z.array(
      z.object({
        orderNumber: z.string(),
        fillId: z.string(),
        instrument: z.string(),
        side: z.string(),
        fillQuantity: z.number(),
        fillPrice: z.number(),
        fillTime: z.string().optional(),
        remarks: z.string().optional(),
      }),
    ),
    total: z.number(),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const trades = [...(await ctx.deps.client.getTradeBook({ signal: ctx.signal }))].sort(
      (a, b) => (b.fillTime ?? '').localeCompare(a.fillTime ?? '') || b.fillId.localeCompare(a.fillId),
    );
    const p = page(trades, args.limit, args.cursor, 'trades');
    const items = p.items.map((t) => ({
      orderNumber: t.orderNumber,
      fillId: t.fillId,
      instrument: `${t.exchange}:${t.tradingSymbol}`,
      side: t.side,
      fillQuantity: t.fillQuantity,
      fillPrice: t.fillPrice,
      fillTime: t.fillTime,
      remarks: external(t.remarks, 80),
    }));
    const lines = items.map(
      (t) =>
        `${t.fillTime?.slice(11, 19) ?? '-'} ${t.side} ${showCount(t.fillQuantity)} ${t.instrument} @ ₹${showPrice(t.fillPrice)} (order ${t.orderNumber})`,
    );
    const text = p.total === 0 ? 'No fills today.' : [`Fills today (${pageNote(p)}):`, ...lines].join('\n');
    return { data: { ...p, items }, text };
  },
});

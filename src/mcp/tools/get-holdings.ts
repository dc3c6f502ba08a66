import { z } from 'zod';
import { showCount } from '../../core/checks/index.js';
import { cursorField, limitField, page, pageNote } from '../paging.js';
import { defineTool, READ } from '../tool.js';

/** `get_holdings`: demat, collateral and unsettled holdings, paged. */
export const getHoldingsTool = defineTool({
  name: 'get_holdings',
  title: 'Get holdings',
  description: 'Securities held (demat, collateral, unsettled): quantities and listings.',
  annotations: READ,
  input: { limit: limitField(20, 100), cursor: cursorField },
  output: {
    items: z.array(
      z.object({
        instrument: z.string(),
        listings: z.array(z.string()),
        quantity: z.number(),
        dpQuantity: z.number().optional(),
        collateralQuantity: z.number().optional(),
        btstQuantity: z.number().optional(),
        usedQuantity: z.number().optional(),
        uploadPrice: z.number().optional(),
        haircut: z.number().optional(),
      }),
    ),
    total: z.number(),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const holdings = await ctx.deps.client.getHoldings({ signal: ctx.signal });
    const p = page(holdings, args.limit, args.cursor, 'holdings');
    const items = p.items.map((h) => {
      const listings = h.listings.map((l) => `${l.exchange}:${l.tradingSymbol}`);
      return {
        instrument: listings[0] ?? '-',
        listings,
        quantity: h.quantity,
        dpQuantity: h.dpQuantity,
        collateralQuantity: h.collateralQuantity,
        btstQuantity: h.btstQuantity,
        usedQuantity: h.usedQuantity,
        uploadPrice: h.uploadPrice,
        haircut: h.haircut,
      };
    });
    const lines = items.map(
      (h) =>
        `${h.instrument} ${showCount(h.quantity)}${h.usedQuantity ? ` (used today ${h.usedQuantity})` : ''}`,
    );
    const text = p.total === 0 ? 'No holdings.' : [`Holdings (${pageNote(p)}):`, ...lines].join('\n');
    return { data: { ...p, items }, text };
  },
});

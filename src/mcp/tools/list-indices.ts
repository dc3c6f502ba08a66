import { z } from 'zod';
import { cursorField, limitField, page, pageNote } from '../paging.js';
import { defineTool, READ } from '../tool.js';
import { cleanExternal } from '../untrusted.js';

/** The exchanges that list indices (NFO trades derivatives on them but lists none). */
const INDEX_EXCHANGES = ['NSE', 'BSE'] as const;

/** `list_indices`: the indices of an exchange with the tokens to quote them by. */
export const listIndicesTool = defineTool({
  name: 'list_indices',
  title: 'List indices',
  description: 'NSE or BSE indices with the key to quote each by (NIFTY 50 = NSE:26000).',
  annotations: READ,
  input: {
    exchange: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(INDEX_EXCHANGES, {
          error: (issue) =>
            `${String(issue.input).slice(0, 10)} has no indices: indices are listed on NSE and BSE; call again with exchange NSE or BSE`,
        }),
      )
      .default('NSE'),
    query: z.string().trim().max(40).optional(),
    limit: limitField(50, 100),
    cursor: cursorField,
  },
  output: {
    exchange: z.string(),
    items: z.array(
      z.object({
        name: z.string(),
        token: z.string(),
        key: z.string(),
      }),
    ),
    total: z.number(),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const all = await ctx.deps.client.listIndices(args.exchange, { signal: ctx.signal });
    const needle = args.query?.toUpperCase();
    const matching = all
      .map((e) => ({ name: cleanExternal(e.name, 60), token: e.token, key: `${args.exchange}:${e.token}` }))
      .filter((e) => needle === undefined || e.name.toUpperCase().includes(needle));
    const p = page(matching, args.limit, args.cursor, `indices:${args.exchange}:${needle ?? ''}`);
    return {
      data: { exchange: args.exchange, ...p },
      text:
        p.total === 0
          ? needle === undefined
            ? `${args.exchange} lists no indices.`
            : `No ${args.exchange} index matches "${args.query}".`
          : `${args.exchange} indices (${pageNote(p)}):\n${p.items.map((e) => `${e.name} = ${e.key}`).join('\n')}`,
    };
  },
});

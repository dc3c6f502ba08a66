import { z } from 'zod';
import { instrumentKey } from '../../core/catalogue/index.js';
import { EXCHANGES, INSTRUMENT_KINDS } from '../../core/vocabulary/index.js';
import { words } from '../fields.js';
import { cursorField, decodeCursor, encodeCursor, limitField } from '../paging.js';
import { defineTool } from '../tool.js';

const upper = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toUpperCase() : v);
/** The catalogue ranks at most this many hits for one query. */
const MAX_HITS = 100;

/** `search_instruments`: ranked search of the instrument master (symbols, names, tokens, typos). */
export const searchInstrumentsTool = defineTool({
  name: 'search_instruments',
  title: 'Search instruments',
  description: 'Instruments by symbol, name or token, typos too ("nifty 24000 ce"), with their keys.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: {
    query: words(64).describe('Symbol, name or token.'),
    exchange: z.preprocess(upper, z.enum(EXCHANGES)).optional(),
    kind: z.preprocess(upper, z.enum(INSTRUMENT_KINDS)).optional(),
    limit: limitField(10, 50),
    cursor: cursorField,
  },
  output: {
    items: z.array(
      z.object({
        key: z.string(),
        token: z.string(),
        kind: z.string(),
        expiry: z.string().optional(),
        strike: z.number().optional(),
        optionType: z.string().optional(),
        lotSize: z.number(),
        tickSize: z.number(),
        match: z.string(),
      }),
    ),
    nextCursor: z.string().optional(),
  },
  async handler(args, ctx) {
    const scope = `search:${args.query}:${args.exchange ?? ''}:${args.kind ?? ''}`;
    const offset = decodeCursor(scope, args.cursor);
    const wanted = Math.min(MAX_HITS, offset + args.limit);
    const hits = ctx.deps.catalog().search(args.query, {
      limit: wanted,
      ...(args.exchange === undefined ? {} : { exchange: args.exchange }),
      ...(args.kind === undefined ? {} : { kinds: [args.kind] }),
    });
    const items = hits.slice(offset, wanted).map(({ instrument: i, match }) => ({
      key: instrumentKey(i),
      token: i.token,
      kind: i.kind,
      expiry: i.expiry,
      strike: i.strike,
      optionType: i.optionType,
      lotSize: i.lotSize,
      tickSize: i.tickSize,
      match,
    }));
    const more = hits.length === wanted && wanted < MAX_HITS;
    const lines = items.map(
      (i) =>
        `${i.key} (${i.kind}${i.expiry ? ` ${i.expiry}` : ''}, lot ${i.lotSize}, token ${i.token}) ${i.match}`,
    );
    return {
      data: { items, ...(more ? { nextCursor: encodeCursor(scope, wanted) } : {}) },
      text:
        items.length === 0
          ? (ctx.deps.catalog().missing ?? `No instrument matches "${args.query}".`)
          : `${lines.join('\n')}${more ? '\nMore with nextCursor.' : ''}`,
    };
  },
});

import { z } from 'zod';
import { showCount, showPrice } from '../../core/checks/index.js';
import type { DepthLevel, Quote } from '../../core/domain/quote.js';
import { exchangeField, instrumentField } from '../fields.js';
import { type Resolved, resolveInstrument } from '../inputs.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

const level = z
  .object({ price: z.number(), quantity: z.number(), orders: z.number() })
  .meta({ id: 'DepthLevel' });

/** What a quote really says: zero prices (an empty level, an index's band) and an index's zero volume dropped. */
function present(q: Quote, r: Resolved) {
  const index = r.instrument?.kind === 'INDEX';
  const levels = (side: readonly DepthLevel[]) => side.filter((l) => l.price > 0).map((l) => ({ ...l }));
  const banded = q.upperCircuit !== undefined && q.upperCircuit > 0 && q.lowerCircuit !== undefined;
  return {
    index,
    bids: levels(q.bids),
    asks: levels(q.asks),
    lowerCircuit: banded ? q.lowerCircuit : undefined,
    upperCircuit: banded ? q.upperCircuit : undefined,
    volume: index && !q.volume ? undefined : q.volume,
    lastQuantity: index && !q.lastQuantity ? undefined : q.lastQuantity,
    // Some quotes carry no tick or lot size; the instrument master does.
    tickSize: q.tickSize ?? r.instrument?.tickSize,
    lotSize: q.lotSize ?? r.instrument?.lotSize,
  };
}

function text(key: string, q: Quote, v: ReturnType<typeof present>): string {
  const p = (n: number): string => `₹${showPrice(n, v.tickSize)}`;
  const name = q.companyName ? ` ${untrusted(q.companyName, 80)}` : '';
  const at = q.lastTradeTime ? ` at ${q.lastTradeTime.slice(11, 19)} IST` : '';
  const parts = [`last ${p(q.lastPrice)}${at}`];
  if (q.dayLow !== undefined && q.dayHigh !== undefined) parts.push(`day ${p(q.dayLow)} - ${p(q.dayHigh)}`);
  const book = v.bids.length + v.asks.length > 0;
  const band = v.upperCircuit !== undefined && v.lowerCircuit !== undefined;
  if (v.volume !== undefined) parts.push(`volume ${showCount(v.volume)}`);
  if (band) parts.push(`circuit ${p(v.lowerCircuit as number)} - ${p(v.upperCircuit as number)}`);
  if (book) {
    const best = (l: DepthLevel | undefined): string =>
      l ? `${p(l.price)} x ${showCount(l.quantity)}` : 'none';
    parts.push(`best bid ${best(v.bids[0])} / ask ${best(v.asks[0])}`);
  }
  if (v.index) {
    const none = [book ? '' : 'no order book', band ? '' : 'no circuit band', v.volume ? '' : 'no volume'];
    if (none.some(Boolean)) parts.push(`an index: ${none.filter(Boolean).join(', ')}`);
  } else {
    if (!band) parts.push('no circuit band reported');
    if (!book) parts.push('no bids or asks in the book');
  }
  const sizes = [
    v.tickSize === undefined ? '' : `tick ${v.tickSize}`,
    v.lotSize === undefined ? '' : `lot ${v.lotSize}`,
  ].filter(Boolean);
  if (sizes.length > 0) parts.push(sizes.join(', '));
  return `${key}${name}: ${parts.join('; ')}.`;
}

/** `get_quote`: last price, day range, circuit band and 5-level depth of one instrument. */
export const getQuoteTool = defineTool({
  name: 'get_quote',
  title: 'Get quote',
  description: 'Last price and time, day range, volume, circuit band, tick, lot, 5-level depth.',
  annotations: READ,
  input: { instrument: instrumentField, exchange: exchangeField },
  output: {
    instrument: z.string(),
    lastPrice: z.number(),
    lastTradeTime: z.string().optional(),
    dayHigh: z.number().optional(),
    dayLow: z.number().optional(),
    volume: z.number().optional(),
    lowerCircuit: z.number().optional(),
    upperCircuit: z.number().optional(),
    tickSize: z.number().optional(),
    lotSize: z.number().optional(),
    bids: z.array(level),
    asks: z.array(level),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const q = await ctx.deps.client.getQuote(r.ref, { signal: ctx.signal });
    const v = present(q, r);
    return {
      data: {
        instrument: r.key,
        lastPrice: q.lastPrice,
        lastTradeTime: q.lastTradeTime,
        dayHigh: q.dayHigh,
        dayLow: q.dayLow,
        volume: v.volume,
        lowerCircuit: v.lowerCircuit,
        upperCircuit: v.upperCircuit,
        tickSize: v.tickSize,
        lotSize: v.lotSize,
        bids: v.bids,
        asks: v.asks,
      },
      text: text(r.key, q, v),
    };
  },
});

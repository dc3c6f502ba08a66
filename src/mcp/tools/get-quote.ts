import { z } from 'zod';
import { showCount, showPrice } from '../../core/checks/index.js';
import type { Quote } from '../../core/domain/quote.js';
import { exchangeField, instrumentField } from '../fields.js';
import { instrumentOf, resolveInstrument } from '../inputs.js';
import { EXTERNAL, external, instrumentOut } from '../schemas/common.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

const level = z.object({ price: z.number(), quantity: z.number(), orders: z.number() });

function text(key: string, q: Quote): string {
  const p = (v: number | undefined): string => (v === undefined ? '-' : `₹${showPrice(v, q.tickSize)}`);
  const name = q.companyName ? ` ${untrusted(q.companyName, 80)}` : '';
  const at = q.lastTradeTime ? ` at ${q.lastTradeTime.slice(11, 19)} IST` : '';
  const bid = q.bids[0] ? `${p(q.bids[0].price)} x ${showCount(q.bids[0].quantity)}` : '-';
  const ask = q.asks[0] ? `${p(q.asks[0].price)} x ${showCount(q.asks[0].quantity)}` : '-';
  return (
    `${key}${name}: last ${p(q.lastPrice)}${at}; day ${p(q.dayLow)} - ${p(q.dayHigh)}; ` +
    `volume ${q.volume === undefined ? '-' : showCount(q.volume)}; circuit ${p(q.lowerCircuit)} - ${p(q.upperCircuit)}; ` +
    `best bid ${bid} / ask ${ask}; tick ${q.tickSize ?? '-'}, lot ${q.lotSize ?? '-'}.`
  );
}

/** `get_quote`: last price, day range, circuit band and 5-level depth of one instrument. */
export const getQuoteTool = defineTool({
  name: 'get_quote',
  title: 'Get quote',
  description:
    "Current quote of one instrument: last traded price and time, day high/low, volume, circuit band (the day's allowed price range), tick and lot size, and the best 5 bid and ask levels.",
  annotations: READ,
  input: { instrument: instrumentField, exchange: exchangeField },
  output: {
    instrument: instrumentOut,
    companyName: z.string().optional().describe(EXTERNAL),
    lastPrice: z.number(),
    lastQuantity: z.number().optional(),
    lastTradeTime: z.string().optional().describe('ISO 8601, IST.'),
    dayHigh: z.number().optional(),
    dayLow: z.number().optional(),
    volume: z.number().optional(),
    lowerCircuit: z.number().optional(),
    upperCircuit: z.number().optional(),
    tickSize: z.number().optional(),
    lotSize: z.number().optional(),
    bids: z.array(level).describe('Best bids first.'),
    asks: z.array(level).describe('Best asks first.'),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const q = await ctx.deps.client.getQuote(r.ref, { signal: ctx.extra.signal });
    return {
      data: {
        instrument: instrumentOf(r, q.tradingSymbol),
        companyName: external(q.companyName, 80),
        lastPrice: q.lastPrice,
        lastQuantity: q.lastQuantity,
        lastTradeTime: q.lastTradeTime,
        dayHigh: q.dayHigh,
        dayLow: q.dayLow,
        volume: q.volume,
        lowerCircuit: q.lowerCircuit,
        upperCircuit: q.upperCircuit,
        tickSize: q.tickSize,
        lotSize: q.lotSize,
        bids: q.bids.map((l) => ({ ...l })),
        asks: q.asks.map((l) => ({ ...l })),
      },
      text: text(r.key, q),
    };
  },
});

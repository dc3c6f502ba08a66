import { z } from 'zod';
import { exchangeField, instrumentField } from '../fields.js';
import { instrumentOf, resolveInstrument } from '../inputs.js';
import { EXTERNAL, external, instrumentOut } from '../schemas/common.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

/** `get_security_info`: the static facts orders depend on (tick, lot, freeze quantity, expiry, strike). */
export const getSecurityInfoTool = defineTool({
  name: 'get_security_info',
  title: 'Get security info',
  description:
    'Static facts of one instrument that orders depend on: tick size (price step), lot size (quantities are multiples of it), freeze quantity (largest single order), price precision, multiplier, and for derivatives the expiry, strike and option type.',
  annotations: READ,
  input: { instrument: instrumentField, exchange: exchangeField },
  output: {
    instrument: instrumentOut,
    companyName: z.string().optional().describe(EXTERNAL),
    symbolName: z.string().optional(),
    kind: z.string().optional().describe('EQ, INDEX, FUTIDX, FUTSTK, OPTIDX or OPTSTK.'),
    expiry: z.string().optional().describe('Derivatives: expiry date, YYYY-MM-DD (IST).'),
    strike: z.number().optional(),
    optionType: z.string().optional().describe('CE (call) or PE (put).'),
    tickSize: z.number(),
    lotSize: z.number(),
    freezeQuantity: z.number().optional().describe('Largest quantity one order may carry.'),
    pricePrecision: z.number().optional(),
    multiplier: z.number().optional(),
    priceFactor: z.string().optional(),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const s = await ctx.deps.client.getSecurityInfo(r.ref, { signal: ctx.extra.signal });
    const i = r.instrument;
    const freeze = i && i.freezeQty > 0 ? i.freezeQty : undefined;
    const strike = i?.strike ? `, strike ${[i.strike, i.optionType].filter(Boolean).join(' ')}` : '';
    const derivative = i?.expiry ? `; expiry ${i.expiry}${strike}` : '';
    const name = s.companyName ? ` ${untrusted(s.companyName, 80)}` : '';
    return {
      data: {
        instrument: instrumentOf(r, s.tradingSymbol),
        companyName: external(s.companyName, 80),
        symbolName: external(s.symbolName ?? i?.symbolName, 40),
        kind: i?.kind,
        expiry: i?.expiry,
        strike: i?.strike,
        optionType: i?.optionType,
        tickSize: s.tickSize,
        lotSize: s.lotSize,
        freezeQuantity: freeze,
        pricePrecision: s.pricePrecision,
        multiplier: s.multiplier,
        priceFactor: s.priceFactor?.text,
      },
      text: `${r.key}${name}: tick ${s.tickSize}, lot ${s.lotSize}${freeze ? `, freeze quantity ${freeze}` : ''}${derivative}.`,
    };
  },
});

import { z } from 'zod';
import { INSTRUMENT_KINDS, OPTION_TYPES } from '../../core/vocabulary/index.js';
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
    'Static facts orders depend on: tick size, lot size (quantities are multiples of it), freeze quantity (largest single order), precision, multiplier; for derivatives expiry, strike, option type.',
  annotations: READ,
  input: { instrument: instrumentField, exchange: exchangeField },
  output: {
    instrument: instrumentOut,
    companyName: z.string().optional().describe(EXTERNAL),
    symbolName: z.string().optional(),
    kind: z.enum(INSTRUMENT_KINDS).optional(),
    expiry: z.string().optional().describe('YYYY-MM-DD.'),
    strike: z.number().optional(),
    optionType: z.enum(OPTION_TYPES).optional(),
    tickSize: z.number(),
    lotSize: z.number(),
    freezeQuantity: z.number().optional().describe('Largest quantity of one order.'),
    pricePrecision: z.number().optional(),
    multiplier: z.number().optional(),
    priceFactor: z.string().optional(),
  },
  async handler(args, ctx) {
    const r = resolveInstrument(ctx.deps.catalog(), args.instrument, args.exchange);
    const s = await ctx.deps.client.getSecurityInfo(r.ref, { signal: ctx.signal });
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

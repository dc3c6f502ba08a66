import { z } from 'zod';
import { exchangeField, instrumentField } from '../fields.js';
import { resolveInstrument } from '../inputs.js';
import { defineTool, READ } from '../tool.js';
import { untrusted } from '../untrusted.js';

/** `get_security_info`: the static facts orders depend on (tick, lot, freeze quantity, expiry, strike). */
export const getSecurityInfoTool = defineTool({
  name: 'get_security_info',
  title: 'Get security info',
  description: "Tick, lot, freeze quantity, precision, multiplier; a derivative's expiry and strike.",
  annotations: READ,
  input: { instrument: instrumentField, exchange: exchangeField },
  output: {
    instrument: z.string(),
    kind: z.string().optional(),
    expiry: z.string().optional(),
    strike: z.number().optional(),
    optionType: z.string().optional(),
    tickSize: z.number(),
    lotSize: z.number(),
    freezeQuantity: z.number().optional(),
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
        instrument: r.key,
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

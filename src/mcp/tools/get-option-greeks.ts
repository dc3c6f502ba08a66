import { z } from 'zod';
import type { Greeks } from '../../core/domain/greeks.js';
import { OPTION_TYPES } from '../../core/vocabulary/index.js';
import { upTo, words } from '../fields.js';
import { defineTool, READ } from '../tool.js';

const greeks = z
  .object({
    price: z.number(),
    delta: z.number(),
    gamma: z.number(),
    theta: z.number(),
    vega: z.number(),
    rho: z.number(),
  })
  .meta({ id: 'Greeks' });

const line = (label: string, g: Greeks): string =>
  `${label}: price ${g.price}, delta ${g.delta}, gamma ${g.gamma}, theta ${g.theta}, vega ${g.vega}, rho ${g.rho}`;

/** `get_option_greeks`: the broker's option calculator for the call and the put at one strike. */
export const getOptionGreeksTool = defineTool({
  name: 'get_option_greeks',
  title: 'Get option greeks',
  description: "The call's and the put's price and greeks at one strike (broker's calculator).",
  annotations: READ,
  input: {
    expiry: words(20).describe('2026-11-24 or 24NOV26.'),
    strike: upTo(10_000_000),
    spot: upTo(10_000_000).describe('Price of the underlying.'),
    volatility: upTo(500).describe('Implied, % a year (14.5).'),
    interest_rate: z.number().min(0).max(50).default(7).describe('Risk-free, % a year.'),
    option_type: z
      .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(OPTION_TYPES))
      .optional(),
  },
  output: {
    call: greeks,
    put: greeks,
  },
  async handler(args, ctx) {
    const g = await ctx.deps.client.getOptionGreeks(
      {
        expiry: args.expiry,
        strikePrice: args.strike,
        spotPrice: args.spot,
        interestRate: args.interest_rate,
        volatility: args.volatility,
        ...(args.option_type === undefined ? {} : { optionType: args.option_type }),
      },
      { signal: ctx.signal },
    );
    return {
      data: {
        call: { ...g.call },
        put: { ...g.put },
      },
      text: `Strike ${args.strike}, expiry ${args.expiry}, spot ${args.spot}, vol ${args.volatility}%, rate ${args.interest_rate}%\n${line('Call', g.call)}\n${line('Put', g.put)}`,
    };
  },
});

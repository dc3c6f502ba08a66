import { z } from 'zod';
import type { Greeks } from '../../core/domain/greeks.js';
import { OPTION_TYPES } from '../../core/vocabulary/index.js';
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
  description:
    "Price, delta, gamma, theta, vega and rho of the call and the put at one strike, from the broker's calculator; the spot comes from get_quote on the underlying (NIFTY 50 = NSE:26000).",
  annotations: READ,
  input: {
    expiry: z.string().trim().min(7).max(20).describe('Expiry date: 2026-11-24, 24-NOV-2026 or 24NOV26.'),
    strike: z.number().positive().max(10_000_000).describe('Rupees.'),
    spot: z.number().positive().max(10_000_000).describe("The underlying's price, rupees."),
    volatility: z.number().positive().max(500).describe('Implied volatility, percent a year (14.5).'),
    interest_rate: z.number().min(0).max(50).default(7).describe('Risk-free rate, percent a year.'),
    option_type: z
      .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(OPTION_TYPES))
      .optional()
      .describe('The answer carries both either way.'),
  },
  output: {
    expiry: z.string(),
    strike: z.number(),
    spot: z.number(),
    volatility: z.number(),
    interestRate: z.number(),
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
        expiry: args.expiry,
        strike: args.strike,
        spot: args.spot,
        volatility: args.volatility,
        interestRate: args.interest_rate,
        call: { ...g.call },
        put: { ...g.put },
      },
      text: `Strike ${args.strike}, expiry ${args.expiry}, spot ${args.spot}, vol ${args.volatility}%, rate ${args.interest_rate}%\n${line('Call', g.call)}\n${line('Put', g.put)}`,
    };
  },
});

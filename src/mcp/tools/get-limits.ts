import { z } from 'zod';
import { showRupees } from '../../core/checks/index.js';
import { defineTool, READ } from '../tool.js';

/** `name ₹amount` for each part the broker reported; absent parts are left out, never shown as ₹0. */
function reported(parts: readonly [string, number | undefined][]): string[] {
  return parts.flatMap(([name, amount]) => (amount === undefined ? [] : [`${name} ${showRupees(amount)}`]));
}

function limitsText(l: {
  available: number;
  cash: number;
  marginUsed: number;
  collateral?: number | undefined;
  span?: number | undefined;
  exposure?: number | undefined;
  premium?: number | undefined;
}): string {
  const funds = reported([
    ['cash', l.cash],
    ['collateral', l.collateral],
    ['margin used', l.marginUsed],
  ]);
  const used = reported([
    ['span', l.span],
    ['exposure', l.exposure],
    ['premium', l.premium],
  ]);
  return `Available ${showRupees(l.available)}: ${funds.join(', ')}${used.length > 0 ? ` (${used.join(', ')})` : ''}.`;
}

/** `get_limits`: cash, margin used and what is available to trade. */
export const getLimitsTool = defineTool({
  name: 'get_limits',
  title: 'Get limits',
  description: 'Cash and margin in rupees: available, cash, pay-in, collateral, margin used.',
  annotations: READ,
  input: {},
  output: {
    available: z.number(),
    cash: z.number(),
    marginUsed: z.number(),
    payin: z.number().optional(),
    collateral: z.number().optional(),
    brokerCollateral: z.number().optional(),
    span: z.number().optional(),
    exposure: z.number().optional(),
    premium: z.number().optional(),
    peakMargin: z.number().optional(),
  },
  async handler(_args, ctx) {
    const l = await ctx.deps.client.getLimits({ signal: ctx.signal });
    return {
      data: {
        available: l.available,
        cash: l.cash,
        marginUsed: l.marginUsed,
        payin: l.payin,
        collateral: l.collateral,
        brokerCollateral: l.brokerCollateral,
        span: l.span,
        exposure: l.exposure,
        premium: l.premium,
        peakMargin: l.peakMargin,
      },
      text: limitsText(l),
    };
  },
});

import { z } from 'zod';
import { instrumentKey, isDerivative } from '../../core/catalogue/index.js';
import { showRupees } from '../../core/checks/index.js';
import type { SpanPositionInput } from '../../core/client/index.js';
import { ToolInputError } from '../errors.js';
import { bare, productField } from '../fields.js';
import { resolveInstrument, toProduct, toSide } from '../inputs.js';
import { defineTool, READ } from '../tool.js';

/** `calculate_span`: span and exposure margin a set of futures and options positions would block. */
export const calculateSpanTool = defineTool({
  name: 'calculate_span',
  title: 'Calculate span margin',
  description: 'SPAN + exposure margin of F&O positions, alone and netted with open ones.',
  annotations: READ,
  input: {
    positions: z
      .array(z.object({ instrument: bare.instrument, side: bare.side, quantity: bare.quantity }))
      .min(1)
      .max(20)
      .describe('F&O contracts: instrument, side, quantity (units).'),
    product: productField.optional().describe('M (default) or I.'),
  },
  output: {
    product: z.string(),
    span: z.number(),
    exposure: z.number(),
    total: z.number(),
    spanWithPositions: z.number().optional(),
    exposureWithPositions: z.number().optional(),
  },
  async handler(args, ctx) {
    const catalog = ctx.deps.catalog();
    const positions = args.positions.map((p, n) => {
      const { instrument: i } = resolveInstrument(catalog, p.instrument, 'NFO');
      if (!i || !isDerivative(i.kind) || i.kind === 'EQ' || i.kind === 'INDEX' || i.expiry === undefined) {
        throw new ToolInputError(
          `position ${n + 1} (${p.instrument}) is not a future or an option`,
          'name an NFO contract, for example from search_instruments with kind FUTIDX or OPTIDX',
        );
      }
      const side = toSide(p.side);
      const input: SpanPositionInput = {
        kind: i.kind,
        symbolName: i.symbolName,
        expiry: i.expiry,
        ...(i.optionType === undefined ? {} : { optionType: i.optionType }),
        ...(i.strike === undefined ? {} : { strikePrice: i.strike }),
        buyQuantity: side === 'BUY' ? p.quantity : 0,
        sellQuantity: side === 'SELL' ? p.quantity : 0,
      };
      return { input, view: { instrument: instrumentKey(i), side, quantity: p.quantity } };
    });
    const product = toProduct(args.product ?? 'M');
    const m = await ctx.deps.client.calculateSpan(
      { positions: positions.map((p) => p.input), product },
      { signal: ctx.signal },
    );
    const netted =
      m.spanWithPositions === undefined
        ? ''
        : `; with open positions span ${showRupees(m.spanWithPositions)}${m.exposureWithPositions === undefined ? '' : `, exposure ${showRupees(m.exposureWithPositions)}`}`;
    return {
      data: {
        product,
        span: m.span,
        exposure: m.exposure,
        total: m.total,
        spanWithPositions: m.spanWithPositions,
        exposureWithPositions: m.exposureWithPositions,
      },
      text: `Margin for ${positions.map((p) => `${p.view.side} ${p.view.quantity} ${p.view.instrument}`).join(', ')}: span ${showRupees(m.span)} + exposure ${showRupees(m.exposure)} = ${showRupees(m.total)}${netted}.`,
    };
  },
});

import { z } from 'zod';
import type { CancelResult } from '../../core/gate/index.js';
import { requester } from '../context.js';
import { defineTool } from '../tool.js';
import { orderNumberField } from './modify-order.js';

/** Outcomes after which the order is still working (or may be). */
const NOT_ENDED = new Set<CancelResult['outcome']>(['failed', 'unknown']);

/** `cancel_order`: cancels a working order at once; a cancel removes risk, so no confirmation. */
export const cancelOrderTool = defineTool({
  name: 'cancel_order',
  title: 'Cancel order',
  description: 'Cancels a working order now (no confirmation: it only removes risk), even while halted.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: { order_number: orderNumberField.describe('Of a working order.') },
  output: {
    orderNumber: z.string(),
    outcome: z.enum(['cancelled', 'filled', 'cancelled_before', 'rejected', 'failed', 'unknown']),
    detail: z.string(),
  },
  async handler(args, ctx) {
    // Without a people file the one operator approves; with one, the gate reads the person's role itself.
    const result = await ctx.deps.gate.cancel(args.order_number, {
      actor: requester(ctx),
      approver: ctx.person === undefined,
      signal: ctx.signal,
    });
    const { orderNumber, outcome, detail } = result;
    return { data: { orderNumber, outcome, detail }, text: detail, isError: NOT_ENDED.has(outcome) };
  },
});

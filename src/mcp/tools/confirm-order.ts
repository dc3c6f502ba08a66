import { z } from 'zod';
import { GateError } from '../../core/gate/index.js';
import { ticketReply } from '../confirm/place.js';
import { mcpActor } from '../context.js';
import { ticketIdField } from '../fields.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';

/** `confirm_order`: places a previewed ticket; only registered where tool confirmation is allowed. */
export const confirmOrderTool = defineTool({
  name: 'confirm_order',
  title: 'Confirm order',
  description:
    'Places a ticket a place_* tool previewed for it. Call it ONLY after showing the person the summary and hearing them agree to this exact ticket, never on your own. A ticket is used once, and expires.',
  annotations: PLACE,
  input: {
    ticket_id: ticketIdField.describe("The preview's ticketId."),
    hash: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.string().regex(/^[0-9A-Fa-f]{64}$/),
      )
      .optional()
      .describe("The preview's hash: the ticket must still be exactly that payload."),
  },
  output: answerOut,
  async handler(args, ctx) {
    const id = args.ticket_id;
    // Tickets previewed for another path (a form, Discord) are not the model's to confirm.
    if (!ctx.deps.toolTickets.has(id)) {
      throw new GateError('TICKET_NOT_FOUND', `no ticket ${id} awaits confirmation with confirm_order`);
    }
    const ticket = await ctx.deps.gate.approve(id, mcpActor(ctx, 'mcp-tool'), {
      via: { path: 'tool' },
      ...(args.hash === undefined ? {} : { expectedHash: args.hash }),
    });
    return ticketReply({ ticket, lead: 'Confirmed with confirm_order.' }, 'tool');
  },
});

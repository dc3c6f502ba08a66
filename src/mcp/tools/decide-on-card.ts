import { z } from 'zod';
import { ticketReply } from '../confirm/place.js';
import { mcpActor } from '../context.js';
import { ticketIdField } from '../fields.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';

/**
 * `decide_on_card` (MCP Apps, called by the order card alone, never listed to the model): the person's
 * Confirm or Decline on their own ticket's card. It settles the ticket as the client's confirmation form
 * would, bound to the ticket, the version the card showed (its hash) and the person; the gate refuses, and
 * records, a decision on another's ticket, on a stale or altered version, or on one decided or expired.
 */
export const decideOnCardTool = defineTool({
  name: 'decide_on_card',
  title: 'Decide on the order card',
  description: "The person's Confirm or Decline on the order card.",
  annotations: PLACE,
  card: 'app-only',
  input: {
    ticket_id: ticketIdField,
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    decision: z.enum(['confirm', 'decline']),
  },
  output: answerOut,
  async handler(args, ctx) {
    const { gate } = ctx.deps;
    // The person's role and the four-eyes rule as they are now: the card may have been open for minutes.
    await ctx.deps.people?.directory.refresh();
    const person = mcpActor(ctx, 'mcp-app');
    const via = { path: 'app', hash: args.hash } as const;
    const by = ctx.person === undefined ? 'the person' : ctx.person.id;
    if (args.decision === 'confirm') {
      const ticket = await gate.approve(args.ticket_id, person, { expectedHash: args.hash, via });
      return ticketReply({ ticket, lead: `Confirmed by ${by} on the order card.` }, 'app');
    }
    const ticket = await gate.decline(args.ticket_id, person, 'the person declined on the order card', via);
    return ticketReply({ ticket, lead: `Declined by ${by} on the order card; nothing was sent.` }, 'app');
  },
});

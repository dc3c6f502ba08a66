import { z } from 'zod';
import { GateError } from '../../core/gate/index.js';
import { cardView } from '../app/card-view.js';
import { ticketIdField } from '../fields.js';
import { defineTool, READ } from '../tool.js';

/**
 * `ticket_card` (MCP Apps, called by the order card alone): a ticket as the card shows it, with the market
 * now, the drift limit, the caller's caps left and whether they may decide it there. The card calls it
 * again while it is open, so the status moves without the model calling anything.
 */
export const ticketCardTool = defineTool({
  name: 'ticket_card',
  title: 'Order card',
  description: 'What the order card shows of a ticket.',
  annotations: READ,
  card: 'app-only',
  input: { ticket_id: ticketIdField },
  output: { card: z.record(z.string(), z.unknown()) },
  async handler(args, ctx) {
    const ticket = await ctx.deps.gate.status(args.ticket_id, ctx.signal);
    if (!ticket)
      throw new GateError('TICKET_NOT_FOUND', `no ticket ${args.ticket_id} in this omsdesk's records`);
    const card = await cardView(ctx, ticket);
    return { data: { card: { ...card } }, text: `Ticket ${ticket.id}: ${ticket.status}.` };
  },
});

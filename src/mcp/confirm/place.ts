import { GateError, type Ticket, type TicketRequest } from '../../core/gate/index.js';
import { canElicit, requester, type ToolContext } from '../context.js';
import { describeError } from '../errors.js';
import { FAILED_STATUSES, nextStepFor, renderTicket } from '../render-ticket.js';
import type { Reply } from '../results.js';
import { type ConfirmationPath, type TicketData, ticketData } from '../schemas/ticket.js';
import { confirmByChannel } from './channel.js';
import type { Decision } from './decision.js';
import { confirmByElicitation } from './elicit.js';
import { choosePath, noPathMessage } from './settings.js';

/** Most tickets remembered for tool confirmation; the oldest are forgotten first (they have long expired). */
const MAX_TOOL_TICKETS = 1_000;

/** A ticket as a tool reply: structured view, text, and `isError` when no order is working. */
export function ticketReply(
  decision: Decision,
  path: ConfirmationPath,
  nextStep?: string,
): Reply<TicketData> {
  const { ticket, error } = decision;
  const next = nextStep ?? nextStepFor(ticket);
  const lead = error ? describeError(error) : decision.lead;
  return {
    data: ticketData(ticket, path, next),
    text: renderTicket(ticket, path, next, lead),
    isError: error !== undefined || FAILED_STATUSES.has(ticket.status),
  };
}

function awaitToolConfirmation(ctx: ToolContext, ticket: Ticket): Reply<TicketData> {
  const issued = ctx.deps.toolTickets;
  issued.add(ticket.id);
  if (issued.size > MAX_TOOL_TICKETS) issued.delete(issued.values().next().value as string);
  const next =
    `show the summary to the person and ask them; only if they explicitly agree, call confirm_order with ` +
    `ticket_id ${ticket.id} and hash ${ticket.hash} before ${ticket.expiresAt}. Never confirm on your own.`;
  return ticketReply({ ticket, lead: 'Previewed; nothing is sent until the person agrees.' }, 'tool', next);
}

/**
 * The one way the placement tools reach the broker: choose how a human confirms, preview through the
 * gate, then ask that human. No path, no preview: the call is refused and nothing is sent.
 */
export async function placeThroughGate(ctx: ToolContext, request: TicketRequest): Promise<Reply<TicketData>> {
  const { deps } = ctx;
  const facts = {
    canElicit: canElicit(ctx),
    hasChannel: deps.approvalChannel !== undefined,
    broker: deps.broker,
  };
  const path = choosePath(deps.confirm, facts);
  if (path === 'none') throw new GateError('CONFIRMATION_UNAVAILABLE', noPathMessage(deps.confirm, facts));
  const ticket = await deps.gate.preview(request, requester(ctx), ctx.extra.signal, path);
  if (ticket.status !== 'PENDING')
    return ticketReply({ ticket, lead: 'The pre-trade checks refused this order; nothing was sent.' }, path);
  switch (path) {
    case 'elicitation':
      return ticketReply(await confirmByElicitation(ctx, ticket), path);
    case 'discord':
      return ticketReply(
        await confirmByChannel(ctx, ticket, deps.approvalChannel as NonNullable<typeof deps.approvalChannel>),
        path,
      );
    case 'tool':
      return awaitToolConfirmation(ctx, ticket);
  }
}

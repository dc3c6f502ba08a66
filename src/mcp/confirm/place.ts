import { GateError, type Ticket, type TicketRequest } from '../../core/gate/index.js';
import { canElicit, canOpenLinks, requester, showsApps, type ToolContext } from '../context.js';
import { describeError } from '../errors.js';
import { FAILED_STATUSES, nextStepFor, renderTicket, ticketLink } from '../render-ticket.js';
import type { Reply } from '../results.js';
import { type AnswerData, answerData, type ConfirmationPath } from '../schemas/ticket.js';
import type { Answer } from '../tool.js';
import { confirmByChannel } from './channel.js';
import type { Decision } from './decision.js';
import { confirmByElicitation } from './elicit.js';
import { confirmByLink } from './link.js';
import { answerRound, askInRound, askLinkInRound, roundHandle } from './round.js';
import { choosePath, noPathMessage } from './settings.js';

/** Most tickets remembered for tool confirmation; the oldest are forgotten first (they have long expired). */
const MAX_TOOL_TICKETS = 1_000;

/** A ticket as a tool reply: structured view, text, and `isError` when no order is working. */
export function ticketReply(decision: Decision, path: ConfirmationPath): Reply<AnswerData> {
  const { ticket, error } = decision;
  const next = decision.nextStep ?? nextStepFor(ticket);
  const lead = error ? describeError(error) : decision.lead;
  return {
    data: answerData(ticket, path, next),
    text: renderTicket(ticket, path, next, lead),
    isError: error !== undefined || FAILED_STATUSES.has(ticket.status),
    more: [ticketLink(ticket)],
  };
}

function awaitToolConfirmation(ctx: ToolContext, ticket: Ticket): Reply<AnswerData> {
  const issued = ctx.deps.toolTickets;
  issued.add(ticket.id);
  if (issued.size > MAX_TOOL_TICKETS) issued.delete(issued.values().next().value as string);
  const nextStep =
    `show the summary to the person and ask them; only if they explicitly agree, call confirm_order with ` +
    `ticket_id ${ticket.id} and hash ${ticket.hash} before ${ticket.expiresAt}. Never confirm on your own.`;
  return ticketReply(
    { ticket, lead: 'Previewed; nothing is sent until the person agrees.', nextStep },
    'tool',
  );
}

/** The order card decides: the call answers at once, the ticket waiting for the person's click on it. */
function awaitCard(ticket: Ticket): Reply<AnswerData> {
  const nextStep =
    `the person confirms or declines it on the order card shown with this result, before ${ticket.expiresAt}; ` +
    `nothing is sent until they confirm there. Follow it with get_order_status ticket_id ${ticket.id}; do not place it again.`;
  return ticketReply(
    { ticket, lead: 'Previewed; nothing is sent until the person confirms it on the card.', nextStep },
    'app',
  );
}

/**
 * Under four-eyes a person never confirms their own ticket, so their assistant's form and confirm_order
 * are no way for it: it goes to the Discord approvers, or nowhere (refused before anything is previewed).
 */
function fourEyesPath(ctx: ToolContext, hasChannel: boolean): ConfirmationPath | undefined {
  if (ctx.person === undefined || !ctx.deps.people?.fourEyes) return undefined;
  if (hasChannel) return 'discord';
  throw new GateError(
    'CONFIRMATION_UNAVAILABLE',
    `four-eyes is on (OMSDESK_DISCORD_FOUR_EYES), so ${ctx.person.id}'s orders need another approver, and no Discord approvals channel runs in this omsdesk: run omsdesk serve with the Discord desk`,
  );
}

/**
 * The one way the placement tools reach the broker: choose how a human confirms, preview through the
 * gate, then ask that human. No path, no preview: the call is refused and nothing is sent. In 2026-07-28
 * the form is an input-required round (the retry answers it), and a Discord approver is waited for only
 * as long as a client keeps a request open.
 */
export async function placeThroughGate(
  ctx: ToolContext,
  request: TicketRequest,
): Promise<Answer<AnswerData>> {
  const { deps } = ctx;
  const modern = ctx.era === 'modern';
  const handle = modern ? roundHandle(ctx) : undefined;
  if (handle !== undefined) {
    const decision = await answerRound(ctx, handle, ctx.tool, request);
    return ticketReply(decision, decision.ticket.waitsFor === 'web' ? 'web' : 'elicitation');
  }
  const facts = {
    canElicit: canElicit(ctx),
    hasApp: showsApps(ctx),
    hasChannel: deps.approvalChannel !== undefined,
    broker: deps.broker,
    canLink: canOpenLinks(ctx),
    hasWebDesk: deps.webDesk !== undefined,
  };
  const path = fourEyesPath(ctx, facts.hasChannel) ?? choosePath(deps.confirm, facts);
  if (path === 'none') throw new GateError('CONFIRMATION_UNAVAILABLE', noPathMessage(deps.confirm, facts));
  const ticket = await deps.gate.preview(request, requester(ctx), ctx.signal, path);
  if (ticket.status !== 'PENDING')
    return ticketReply({ ticket, lead: 'The pre-trade checks refused this order; nothing was sent.' }, path);
  switch (path) {
    case 'elicitation':
      return modern
        ? askInRound(ctx, ticket, ctx.tool, request)
        : ticketReply(await confirmByElicitation(ctx, ticket), path);
    case 'discord': {
      const channel = deps.approvalChannel as NonNullable<typeof deps.approvalChannel>;
      const patience = modern ? deps.timings.approverWaitMs : undefined;
      return ticketReply(await confirmByChannel(ctx, ticket, channel, patience), path);
    }
    case 'tool':
      return awaitToolConfirmation(ctx, ticket);
    case 'app':
      return awaitCard(ticket);
    case 'web':
      return modern
        ? askLinkInRound(ctx, ticket, ctx.tool, request)
        : ticketReply(await confirmByLink(ctx, ticket), path);
  }
}

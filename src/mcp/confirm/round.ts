import { type InputRequiredResult, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { canonicalJson, sha256 } from '../../core/audit/index.js';
import { GateError, type Ticket, type TicketRequest } from '../../core/gate/index.js';
import type { ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { confirmationForm, decide } from './elicit.js';
import { awaitPageDecision, confirmationLink, notOpened } from './link.js';

/** The key of the form in a round's input requests. */
const FORM = 'confirm';

/** What a call asks for, as a round remembers it: the same arguments always give the same text. */
function requestHash(request: TicketRequest): string {
  return sha256(canonicalJson(request));
}

/** Opens the round a retry answers: bound to the ticket, its hash, the call's tool and request, the person. */
function openRound(ctx: ToolContext, ticket: Ticket, tool: string, request: TicketRequest, link: boolean) {
  return ctx.deps.rounds.open({
    ticketId: ticket.id,
    hash: ticket.hash,
    tool,
    request: requestHash(request),
    expiresAtMs: Date.parse(ticket.expiresAt),
    ...(link ? { link: true } : {}),
    ...(ctx.person === undefined ? {} : { person: ctx.person.id }),
  });
}

/**
 * 2026-07-28: the person's confirmation as an input-required round. The ticket stays PENDING on the
 * server; the client shows the form and retries the same call with the answer and the round's handle.
 */
export function askInRound(
  ctx: ToolContext,
  ticket: Ticket,
  tool: string,
  request: TicketRequest,
): InputRequiredResult {
  return inputRequired({
    inputRequests: { [FORM]: inputRequired.elicit(confirmationForm(ctx, ticket)) },
    requestState: openRound(ctx, ticket, tool, request, false),
  });
}

/**
 * 2026-07-28 with `OMSDESK_CONFIRM=web`: the same link as URL-mode elicitation, inside an input-required
 * round. The retry says whether the person opened it; the call then waits for their decision on the page.
 */
export function askLinkInRound(
  ctx: ToolContext,
  ticket: Ticket,
  tool: string,
  request: TicketRequest,
): InputRequiredResult {
  return inputRequired({
    inputRequests: { [FORM]: { method: 'elicitation/create', params: confirmationLink(ctx, ticket) } },
    requestState: openRound(ctx, ticket, tool, request, true),
  });
}

/** The handle a retry carries, when this call is the answer to a round. */
export function roundHandle(ctx: ToolContext): string | undefined {
  const state = ctx.req.mcpReq.requestState<unknown>();
  return typeof state === 'string' ? state : undefined;
}

/**
 * Acts on a retry that answers a round, once: the handle is taken before anything awaits, so a replayed
 * or concurrent retry finds it used and learns what became of the ticket instead of placing anything.
 */
export async function answerRound(
  ctx: ToolContext,
  handle: string,
  tool: string,
  request: TicketRequest,
): Promise<Decision> {
  const { gate } = ctx.deps;
  const taken = ctx.deps.rounds.take(handle, ctx.person?.id);
  if (taken.kind === 'unknown') {
    throw new GateError('TICKET_NOT_FOUND', 'this confirmation round is not one omsdesk handed out');
  }
  if (taken.kind === 'another') {
    throw new GateError('NOT_ALLOWED', 'this confirmation round is another person’s: only they answer it');
  }
  const { round } = taken;
  const ticket = gate.get(round.ticketId) ?? (await gate.find(round.ticketId));
  if (!ticket)
    throw new GateError('TICKET_NOT_FOUND', `no ticket ${round.ticketId} in this omsdesk's records`);
  if (taken.kind === 'used') {
    return {
      ticket,
      error: new GateError(
        'TICKET_DECIDED',
        `this confirmation of ticket ${ticket.id} was already answered; the ticket is ${ticket.status}`,
      ),
    };
  }
  if (round.tool !== tool) {
    const why = `the answer came with a call of ${tool}, not of ${round.tool} that asked`;
    return decide(ctx, ticket, new Error(why));
  }
  // The answer confirms the order the round showed, never the one a retry asks for instead.
  if (round.request !== requestHash(request)) {
    const why = `the retry asked for another order than the one this round was for: ${ticket.summary}`;
    const declined = await decide(ctx, ticket, new Error(why));
    return declined.error === undefined ? { ...declined, lead: `Not placed: ${why}.` } : declined;
  }
  const answer = inputResponse(ctx.req.mcpReq.inputResponses, FORM);
  if (round.link === true) {
    if (answer.kind !== 'elicit') return notOpened(ctx, ticket, 'the retry carried no answer to the link');
    if (answer.action !== 'accept')
      return notOpened(
        ctx,
        ticket,
        `the person ${answer.action === 'decline' ? 'declined' : 'dismissed'} the link`,
      );
    return awaitPageDecision(ctx, ticket, ctx.deps.timings.approverWaitMs);
  }
  if (answer.kind !== 'elicit')
    return decide(ctx, ticket, new Error('the retry carried no answer to the form'));
  return decide(ctx, ticket, answer, round.hash);
}

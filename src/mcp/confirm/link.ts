import type { ElicitRequestURLParams } from '@modelcontextprotocol/server';
import { isGateError, type Ticket } from '../../core/gate/index.js';
import { mcpActor, type ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { waitForOutcome } from './outcome.js';
import { tellWhileWaiting } from './progress.js';

/**
 * The link that asks the person about a ticket: its page on the web desk, where they confirm or decline
 * it signed in as themselves. No assistant can press that button for them.
 */
export function confirmationLink(ctx: ToolContext, ticket: Ticket): ElicitRequestURLParams {
  const url = ctx.deps.webDesk?.ticketUrl(ticket.id) ?? '';
  return {
    mode: 'url',
    url,
    elicitationId: ticket.id,
    message:
      `An AI assistant asks to place this order (ticket ${ticket.id}): ${ticket.summary} ` +
      `Open the desk's page, signed in as yourself, to confirm or decline it before ${ticket.expiresAt}.`,
  };
}

/** Declines a ticket whose link the person would not open, in their name. */
export async function notOpened(ctx: ToolContext, ticket: Ticket, why: string): Promise<Decision> {
  try {
    const declined = await ctx.deps.gate.decline(ticket.id, mcpActor(ctx, 'mcp-elicitation'), why, {
      path: 'web',
    });
    return { ticket: declined, lead: `Not placed: ${why}.` };
  } catch (error) {
    if (!isGateError(error)) throw error;
    return { ticket: ctx.deps.gate.get(ticket.id) ?? ticket, error };
  }
}

/**
 * After the person agreed to open the link: waits (at most `patience`, else until the ticket's end) for
 * their decision on the page, and the broker's first word on what it sent.
 */
export async function awaitPageDecision(
  ctx: ToolContext,
  ticket: Ticket,
  patience?: number,
): Promise<Decision> {
  const { gate, clock, timings } = ctx.deps;
  const enough = new AbortController();
  const wait = patience ?? Math.max(1_000, Date.parse(ticket.expiresAt) - clock.now() + 1_000);
  const timer = setTimeout(() => enough.abort(), wait);
  const stop = tellWhileWaiting(ctx, ticket, 'the person on the web desk');
  try {
    const decided = await waitForOutcome(
      gate,
      ticket.id,
      timings.settleWaitMs,
      AbortSignal.any([ctx.signal, enough.signal]),
    );
    const lead =
      decided.status === 'EXPIRED'
        ? 'Nobody confirmed it on the desk before the ticket expired; nothing was sent.'
        : `Decided on the web desk by ${decided.decidedBy?.person ?? decided.decidedBy?.id ?? 'the person'}.`;
    return { ticket: decided, lead };
  } catch (error) {
    if (enough.signal.aborted && !ctx.signal.aborted) {
      const now = gate.get(ticket.id) ?? ticket;
      return {
        ticket: now,
        lead: 'The person has not decided on the desk yet.',
        nextStep: `the person confirms or declines it at ${confirmationLink(ctx, ticket).url}; follow it with get_order_status ticket_id ${ticket.id}, and do not place the order again meanwhile`,
      };
    }
    // The assistant stopped waiting while nobody had decided: its ticket is withdrawn in its name, as
    // for an approver's; one the person already confirmed goes on.
    if (ctx.signal.aborted && patience === undefined && gate.get(ticket.id)?.status === 'PENDING') {
      const why =
        'Withdrawn: the assistant that asked for it stopped waiting before the person decided on the desk.';
      await gate.decline(ticket.id, ticket.requestedBy, why).catch(() => undefined);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/**
 * 2025-11-25: URL-mode elicitation. The client shows the link; once the person agrees to open it, the
 * call waits for their decision on the page and returns the outcome. A refusal to open it declines the
 * ticket.
 */
export async function confirmByLink(ctx: ToolContext, ticket: Ticket): Promise<Decision> {
  const { clock, timings } = ctx.deps;
  const untilExpiry = Math.max(1_000, Date.parse(ticket.expiresAt) - clock.now());
  const timeout = Math.min(untilExpiry, timings.elicitTimeoutMs ?? untilExpiry);
  const answer = await ctx.req.mcpReq
    .elicitInput(confirmationLink(ctx, ticket), { timeout, signal: ctx.signal })
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (answer instanceof Error)
    return notOpened(ctx, ticket, `no answer came back to the link (${answer.message.slice(0, 120)})`);
  if (answer.action !== 'accept')
    return notOpened(
      ctx,
      ticket,
      `the person ${answer.action === 'decline' ? 'declined' : 'dismissed'} the link`,
    );
  return awaitPageDecision(ctx, ticket);
}

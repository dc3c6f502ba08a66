import { type ElicitResult, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../../core/audit/index.js';
import { isGateError, type Ticket } from '../../core/gate/index.js';
import { clientName, type ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { tellWhileWaiting } from './progress.js';

/** The form field the person must check; only `true` places the order. */
export const CONFIRM_FIELD = 'confirm';

function message(ticket: Ticket, nowMs: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(ticket.expiresAt) - nowMs) / 1000));
  const warnings = ticket.warnings.map((w) => `\nWarning: ${w}`).join('');
  return (
    `An AI assistant asks to place this order (ticket ${ticket.id}):\n\n${ticket.summary}${warnings}\n\n` +
    `Check "Place this order" and accept to send it to the broker now; decline to cancel it. ` +
    `The ticket expires in ${seconds} s.`
  );
}

const SCHEMA = {
  type: 'object' as const,
  properties: {
    [CONFIRM_FIELD]: {
      type: 'boolean' as const,
      title: 'Place this order',
      description: 'Check to send exactly the order summarised above to the broker.',
      default: false,
    },
  },
  required: [CONFIRM_FIELD],
};

async function ask(ctx: ToolContext, ticket: Ticket): Promise<ElicitResult | Error> {
  const { clock, timings } = ctx.deps;
  const untilExpiry = Math.max(1_000, Date.parse(ticket.expiresAt) - clock.now());
  const timeout = Math.min(untilExpiry, timings.elicitTimeoutMs ?? untilExpiry);
  try {
    return await ctx.extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: message(ticket, clock.now()), requestedSchema: SCHEMA },
      },
      ElicitResultSchema,
      { timeout, signal: ctx.extra.signal },
    );
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Asks the person at the MCP client with the ticket's summary. Only an accept with the box checked
 * approves (channel `mcp-elicitation`); a decline, an unchecked box, a dismissal, a timeout or an error
 * declines the ticket, so nothing can place it afterwards.
 */
export async function confirmByElicitation(ctx: ToolContext, ticket: Ticket): Promise<Decision> {
  const person: Actor = { channel: 'mcp-elicitation', id: clientName(ctx) };
  const stop = tellWhileWaiting(ctx, ticket, 'the person at the MCP client');
  const answer = await ask(ctx, ticket).finally(stop);
  if (!(answer instanceof Error) && answer.action === 'accept' && answer.content?.[CONFIRM_FIELD] === true) {
    try {
      return {
        ticket: await ctx.deps.gate.approve(ticket.id, person, { expectedHash: ticket.hash }),
        lead: 'Confirmed by the person at the MCP client.',
      };
    } catch (error) {
      if (!isGateError(error)) throw error;
      return { ticket: ctx.deps.gate.get(ticket.id) ?? ticket, error };
    }
  }
  const why =
    answer instanceof Error
      ? `no confirmation came back (${answer.message.slice(0, 120)})`
      : answer.action === 'accept'
        ? 'the confirmation box was not checked'
        : answer.action === 'decline'
          ? 'the person declined'
          : 'the person dismissed the confirmation';
  const declined = await ctx.deps.gate
    .decline(ticket.id, person, why)
    .catch(() => ctx.deps.gate.get(ticket.id) ?? ticket);
  return { ticket: declined, lead: `Not placed: ${why}.` };
}

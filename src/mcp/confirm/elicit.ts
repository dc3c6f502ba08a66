import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { Actor } from '../../core/audit/index.js';
import { isGateError, type Ticket } from '../../core/gate/index.js';
import { mcpActor, type ToolContext } from '../context.js';
import type { Decision } from './decision.js';
import { tellWhileWaiting } from './progress.js';

/** The form field the person must check; only `true` places the order. */
export const CONFIRM_FIELD = 'confirm';

/** The person's answer to the form, however it came back. */
export interface FormAnswer {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, unknown>> | undefined;
}

function message(ticket: Ticket, nowMs: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(ticket.expiresAt) - nowMs) / 1000));
  const warnings = ticket.warnings.map((w) => `\nWarning: ${w}`).join('');
  return (
    `An AI assistant asks to place this order (ticket ${ticket.id}):\n\n${ticket.summary}${warnings}\n\n` +
    `Check "Place this order" and accept to send it to the broker now; decline to cancel it. ` +
    `The ticket expires in ${seconds} s.`
  );
}

const SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    [CONFIRM_FIELD]: {
      type: 'boolean',
      title: 'Place this order',
      description: 'Check to send exactly the order summarised above to the broker.',
      default: false,
    },
  },
  required: [CONFIRM_FIELD],
};

/** The form that asks the person about a ticket, whichever way it travels. */
export function confirmationForm(ctx: ToolContext, ticket: Ticket): ElicitRequestFormParams {
  return { mode: 'form', message: message(ticket, ctx.deps.clock.now()), requestedSchema: SCHEMA };
}

/** Who confirms through the client's form: the person at the named client. */
export function formPerson(ctx: ToolContext): Actor {
  return mcpActor(ctx, 'mcp-elicitation');
}

/**
 * Acts on the person's answer to the form. Only an accept with the box checked approves (bound to the
 * ticket's hash); a decline, an unchecked box, a dismissal, no answer or an error declines the ticket, so
 * nothing can place it afterwards.
 */
export async function decide(
  ctx: ToolContext,
  ticket: Ticket,
  answer: FormAnswer | Error,
  hash = ticket.hash,
): Promise<Decision> {
  const { gate } = ctx.deps;
  const person = formPerson(ctx);
  // The person's role and the four-eyes rule are read as they are now: the form may have waited minutes.
  await ctx.deps.people?.directory.refresh();
  const via = { path: 'elicitation' } as const;
  if (!(answer instanceof Error) && answer.action === 'accept' && answer.content?.[CONFIRM_FIELD] === true) {
    try {
      return {
        ticket: await gate.approve(ticket.id, person, { expectedHash: hash, via }),
        lead: `Confirmed by ${ctx.person === undefined ? 'the person' : ctx.person.id} at the MCP client.`,
      };
    } catch (error) {
      if (!isGateError(error)) throw error;
      return { ticket: gate.get(ticket.id) ?? ticket, error };
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
  try {
    return { ticket: await gate.decline(ticket.id, person, why, via), lead: `Not placed: ${why}.` };
  } catch (error) {
    if (!isGateError(error)) throw error;
    return { ticket: gate.get(ticket.id) ?? ticket, error };
  }
}

/**
 * 2025-11-25: asks the person at the MCP client with an elicitation request on the call's stream, telling the
 * client of progress while the person decides, and acts on the answer.
 */
export async function confirmByElicitation(ctx: ToolContext, ticket: Ticket): Promise<Decision> {
  const { clock, timings } = ctx.deps;
  const untilExpiry = Math.max(1_000, Date.parse(ticket.expiresAt) - clock.now());
  const timeout = Math.min(untilExpiry, timings.elicitTimeoutMs ?? untilExpiry);
  const stop = tellWhileWaiting(ctx, ticket, 'the person at the MCP client');
  // Related to the call, the form travels on the call's own stream (over HTTP its POST response), which a
  // client reads by force: the optional standalone GET stream may never be opened.
  const answer = await ctx.req.mcpReq
    .elicitInput(confirmationForm(ctx, ticket), {
      timeout,
      signal: ctx.signal,
      relatedRequestId: ctx.req.mcpReq.id,
    })
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
    .finally(stop);
  return decide(ctx, ticket, answer);
}

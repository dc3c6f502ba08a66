import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { GateError } from '../../core/gate/index.js';
import { toIstIso } from '../../core/time/ist.js';
import type { Era, ResolvedDeps, ToolContext } from '../context.js';
import { describeError } from '../errors.js';
import { mayOrder } from '../ordering.js';
import { requestContext } from '../request.js';
import type { Tool } from '../tool.js';
import { hasUntrusted, UNTRUSTED_LEGEND } from '../untrusted.js';

/**
 * What a prompt is built with: the process's dependencies and this request, as a tool call has them (its
 * person checked on this request). `ordering`: the prompt leads to an order, so only for who may place one.
 */
export async function promptContext(
  name: string,
  deps: ResolvedDeps,
  server: McpServer,
  req: ServerContext,
  era: Era,
  ordering = false,
): Promise<ToolContext> {
  try {
    const ctx = await requestContext(name, deps, server, req, era);
    if (ordering && !mayOrder(ctx.person)) {
      throw new GateError(
        'NOT_ALLOWED',
        `${ctx.person?.id} is a ${ctx.person?.role} and may not ask for orders`,
      );
    }
    return ctx;
  } catch (error) {
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, describeError(error));
  }
}

/** A read's text under a heading; a read that fails says why instead, so the prompt still comes. */
export async function section(
  ctx: ToolContext,
  heading: string,
  tool: Tool,
  args: Record<string, unknown> = {},
): Promise<string> {
  try {
    return `${heading}:\n${(await tool.read(args, ctx)).text}`;
  } catch (error) {
    return `${heading}: unavailable (${describeError(error)})`;
  }
}

/** One message from the user: what omsdesk reports now, then what to do with it; secrets removed. */
export function userMessage(ctx: ToolContext, lines: readonly string[]) {
  const body = ctx.deps.redact(lines.join('\n\n'));
  const text = hasUntrusted(body) ? `${body}\n\n${UNTRUSTED_LEGEND}` : body;
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
}

/** Now, as a person reads it: `2026-11-20 09:15 IST`. */
export function nowIst(ctx: ToolContext): string {
  return `${toIstIso(ctx.deps.clock.now()).slice(0, 16).replace('T', ' ')} IST`;
}

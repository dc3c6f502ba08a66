import {
  type CallToolResult,
  type InputRequiredResult,
  isInputRequiredResult,
  type McpServer,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { GateError } from '../core/gate/index.js';
import { type CardRole, fitToCard } from './app/apps.js';
import { callerOf, type Era, type ResolvedDeps, type ToolContext } from './context.js';
import { errorResult } from './errors.js';
import { DECIDING_TOOLS, mayOrder, type Toggle } from './ordering.js';
import { withTicketPage } from './render-ticket.js';
import { requestContext } from './request.js';
import { type Reply, toResult } from './results.js';
import { listedSchema } from './schemas/listed.js';

/** The hints a tool states: read-only or not (read-only mode is derived from it), and the rest that matter. */
export type Annotations =
  | { readonly readOnlyHint: true; readonly openWorldHint: boolean }
  | {
      readonly readOnlyHint: false;
      readonly destructiveHint: boolean;
      readonly idempotentHint: boolean;
      readonly openWorldHint: boolean;
    };

/**
 * Hints of a tool that only reads from the broker. The spec gives destructive and idempotent meaning only
 * to tools that are not read-only, so a read states what it is and whom it asks.
 */
export const READ: Annotations = { readOnlyHint: true, openWorldHint: true };
/** Hints of a tool that can end in an order at the broker. */
export const PLACE: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** What a handler answers: a reply, or (2026-07-28) a question for the person before it can answer. */
export type Answer<T> = Reply<T> | InputRequiredResult;

/** One MCP tool: its name, words for the model, schemas and handler. */
export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly annotations: Annotations;
  readonly input: I;
  readonly output: O;
  /** Its part in the order card (MCP Apps): shown with it, or called by the card alone. */
  readonly card?: CardRole;
  handler(args: z.output<z.ZodObject<I>>, ctx: ToolContext): Promise<Answer<z.input<z.ZodObject<O>>>>;
}

/** A tool ready to register, its types erased so tools can sit in one list. */
export interface Tool {
  readonly name: string;
  readonly annotations: Annotations;
  /** Registers the tool; a call waits for the dependencies (`ready`). */
  register(server: McpServer, ready: Promise<ResolvedDeps>, era: Era): Toggle;
  /** Writes the tool's JSON Schemas now (they are kept for the process), so a first tools/list need not. */
  warm(): void;
  /** Runs the tool as a call would, for prompts that show what a read says; errors are thrown. */
  read(args: Record<string, unknown>, ctx: ToolContext): Promise<Reply<unknown>>;
}

/** Wraps a definition: registration with all its metadata, errors turned into `isError` results, a log line per call. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  def: ToolDefinition<I, O>,
): Tool {
  const inputSchema = z.object(def.input);
  const config = {
    title: def.title,
    description: def.description,
    inputSchema: listedSchema(inputSchema, 'input'),
    outputSchema: listedSchema(z.object(def.output), 'output'),
    annotations: def.annotations,
  };
  return {
    name: def.name,
    annotations: def.annotations,
    warm() {
      config.inputSchema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
      config.outputSchema['~standard'].jsonSchema.output({ target: 'draft-2020-12' });
    },
    async read(args, ctx) {
      const answer = await def.handler(inputSchema.parse(args), ctx);
      if (isInputRequiredResult(answer)) throw new Error(`${def.name} asks for input: not a read`);
      return answer;
    },
    register(server, ready, era) {
      const registered = server.registerTool(def.name, config, async (args, req) => {
        const deps = await ready.catch((error: unknown) => error as Error);
        if (deps instanceof Error) return errorResult(deps);
        const started = deps.clock.now();
        let ctx: ToolContext = { tool: def.name, deps, server, req, era, signal: req.mcpReq.signal };
        let result: CallToolResult | InputRequiredResult;
        try {
          ctx = await requestContext(def.name, deps, server, req, era);
          // A decision on a ticket already asked for goes on to the gate, which explains and records a refusal.
          const decides = DECIDING_TOOLS.has(def.name) || typeof req.mcpReq.requestState() === 'string';
          if (!def.annotations.readOnlyHint && !decides && !mayOrder(ctx.person)) {
            throw new GateError(
              'NOT_ALLOWED',
              `${ctx.person?.id} is a ${ctx.person?.role}: a ${ctx.person?.role} reads, and may not ask for orders`,
            );
          }
          const answer = await def.handler(args as z.output<z.ZodObject<I>>, ctx);
          result = isInputRequiredResult(answer)
            ? answer
            : toResult(withTicketPage(answer, deps.webDesk), deps.redact);
        } catch (error) {
          result = errorResult(error, deps.redact);
        }
        const caller = callerOf(ctx);
        const ms = deps.clock.now() - started;
        const isError = 'isError' in result && result.isError === true;
        deps.logger.debug('mcp tool call', {
          tool: def.name,
          client: caller.client,
          ...(ctx.person === undefined ? {} : { person: ctx.person.id }),
          ...(caller.auth === undefined ? {} : { credential: caller.auth.clientId }),
          ms,
          isError,
        });
        const outcome = isInputRequiredResult(result) ? 'input_required' : isError ? 'error' : 'ok';
        try {
          deps.observer?.toolCall({ tool: def.name, era, outcome, ms });
        } catch {
          // Counting a call must never fail it.
        }
        return result;
      });
      return def.card === undefined ? registered : fitToCard(server, registered, def.card);
    },
  };
}

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { CallToolResult, Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ResolvedDeps, ToolContext } from './context.js';
import { errorResult } from './errors.js';
import { type Reply, toResult } from './results.js';

/** The four hints every tool states. */
export interface Annotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** Hints of a tool that only reads from the broker. */
export const READ: Annotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
};
/** Hints of a tool that can end in an order at the broker. */
export const PLACE: Annotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** One MCP tool: its name, words for the model, schemas and handler. */
export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly annotations: Annotations;
  readonly input: I;
  readonly output: O;
  handler(args: z.output<z.ZodObject<I>>, ctx: ToolContext): Promise<Reply<z.input<z.ZodObject<O>>>>;
}

/** A tool ready to register, its types erased so tools can sit in one list. */
export interface Tool {
  readonly name: string;
  readonly annotations: Annotations;
  register(server: McpServer, deps: ResolvedDeps): void;
  /** The tool as `tools/list` shows it, as the SDK would write it, converted once for the process. */
  listing(): ListedTool;
}

/** Wraps a definition: registration with all its metadata, errors turned into `isError` results, a log line per call. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  def: ToolDefinition<I, O>,
): Tool {
  const inputSchema = z.object(def.input);
  const outputSchema = z.object(def.output);
  const annotations = { title: def.title, ...def.annotations };
  let listed: ListedTool | undefined;
  return {
    name: def.name,
    annotations: def.annotations,
    listing() {
      // The same conversion, with the same options and field order, as the SDK's own tools/list handler.
      listed ??= {
        name: def.name,
        title: def.title,
        description: def.description,
        inputSchema: toJsonSchemaCompat(inputSchema, { strictUnions: true, pipeStrategy: 'input' }),
        annotations,
        // What registerTool gives every tool that is not a task.
        execution: { taskSupport: 'forbidden' },
        outputSchema: toJsonSchemaCompat(outputSchema, { strictUnions: true, pipeStrategy: 'output' }),
      } as ListedTool;
      return listed;
    },
    register(server, deps) {
      const config = {
        title: def.title,
        description: def.description,
        inputSchema,
        outputSchema,
        annotations,
      };
      server.registerTool<typeof outputSchema, typeof inputSchema>(
        def.name,
        config,
        async (args, extra): Promise<CallToolResult> => {
          const started = deps.clock.now();
          let result: CallToolResult;
          try {
            result = toResult(
              await def.handler(args as z.output<z.ZodObject<I>>, { deps, server, extra }),
              deps.redact,
            );
          } catch (error) {
            result = errorResult(error, deps.redact);
          }
          deps.logger.debug('mcp tool call', {
            tool: def.name,
            ms: deps.clock.now() - started,
            isError: result.isError === true,
          });
          return result;
        },
      );
    },
  };
}

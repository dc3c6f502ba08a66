import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../core/audit/index.js';
import { type Clock, systemClock } from '../core/clock.js';
import { type Logger, silentLogger } from '../core/logger.js';
import type { McpDeps } from './deps.js';

/** The dependencies with every default filled in. */
export interface ResolvedDeps extends McpDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
  readonly toolTickets: Set<string>;
  readonly timings: {
    readonly elicitTimeoutMs?: number;
    readonly progressIntervalMs: number;
    readonly settleWaitMs: number;
  };
}

/** What one tool call runs with: the server's dependencies, the MCP server, and the request's own context. */
export interface ToolContext {
  readonly deps: ResolvedDeps;
  readonly server: McpServer;
  readonly extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

/** Fills in the defaults of the dependencies. */
export function resolveDeps(deps: McpDeps): ResolvedDeps {
  return {
    ...deps,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? silentLogger,
    redact: deps.redact ?? ((text) => text),
    toolTickets: deps.toolTickets ?? new Set(),
    timings: {
      ...(deps.timings?.elicitTimeoutMs === undefined
        ? {}
        : { elicitTimeoutMs: deps.timings.elicitTimeoutMs }),
      progressIntervalMs: deps.timings?.progressIntervalMs ?? 5_000,
      settleWaitMs: deps.timings?.settleWaitMs ?? 10_000,
    },
  };
}

/** The MCP client's name as it introduced itself, made safe for logs and the audit log. */
export function clientName(ctx: ToolContext): string {
  const name = ctx.server.server.getClientVersion()?.name ?? '';
  const safe = name
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .slice(0, 40)
    .trim();
  return safe === '' ? 'mcp-client' : safe;
}

/** Who asks for an order through MCP: the model behind the named client. */
export function requester(ctx: ToolContext): Actor {
  return { channel: 'mcp', id: clientName(ctx) };
}

/** True when the client can show a form to its user (MCP elicitation). */
export function canElicit(ctx: ToolContext): boolean {
  const elicitation = ctx.server.server.getClientCapabilities()?.elicitation;
  return (
    elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0)
  );
}

import {
  type AuthInfo,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Actor } from '../core/audit/index.js';
import { type Clock, systemClock } from '../core/clock.js';
import { type Logger, silentLogger } from '../core/logger.js';
import type { Person } from '../core/people/index.js';
import { declaresApps } from './app/apps.js';
import { ConfirmRounds } from './confirm/rounds.js';
import type { McpDeps } from './deps.js';
import { credentialOfAuth, oauthClientOf } from './people.js';

/** A protocol era: `legacy` is 2025-11-25 and before (initialize, sessions), `modern` is 2026-07-28. */
export type Era = 'legacy' | 'modern';

/** The dependencies with every default filled in, shared by every server of one process. */
export interface ResolvedDeps extends McpDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
  readonly toolTickets: Set<string>;
  /** Confirmation rounds handed to 2026-07-28 clients and not yet answered. */
  readonly rounds: ConfirmRounds;
  readonly timings: {
    readonly elicitTimeoutMs?: number;
    readonly progressIntervalMs: number;
    readonly settleWaitMs: number;
    readonly approverWaitMs: number;
  };
}

/** What one tool call runs with: the process's dependencies, the server, and the request's own context. */
export interface ToolContext {
  /** The tool called. */
  readonly tool: string;
  readonly deps: ResolvedDeps;
  readonly server: McpServer;
  /** The SDK's context of this one request: signal, progress token, input responses, HTTP auth. */
  readonly req: ServerContext;
  readonly era: Era;
  readonly signal: AbortSignal;
  /** With a people file: the person this request is from, as checked on this request. */
  readonly person?: Person;
}

/** Fills in the defaults of the dependencies; done once per process so every server shares the state. */
export function resolveDeps(deps: McpDeps): ResolvedDeps {
  const clock = deps.clock ?? systemClock;
  return {
    ...deps,
    clock,
    logger: deps.logger ?? silentLogger,
    redact: deps.redact ?? ((text) => text),
    toolTickets: deps.toolTickets ?? new Set(),
    rounds: new ConfirmRounds(clock),
    timings: {
      ...(deps.timings?.elicitTimeoutMs === undefined
        ? {}
        : { elicitTimeoutMs: deps.timings.elicitTimeoutMs }),
      progressIntervalMs: deps.timings?.progressIntervalMs ?? 5_000,
      settleWaitMs: deps.timings?.settleWaitMs ?? 10_000,
      approverWaitMs: deps.timings?.approverWaitMs ?? 20_000,
    },
  };
}

/** A reserved `_meta` envelope key of a 2026-07-28 request, as sent. */
function envelope<T>(ctx: ToolContext, key: string): T | undefined {
  return (ctx.req.mcpReq.envelope as Record<string, unknown> | undefined)?.[key] as T | undefined;
}

/** The client as it introduced itself: on this very request (2026-07-28) or at initialize (2025). */
function clientInfo(ctx: ToolContext): Implementation | undefined {
  return envelope<Implementation>(ctx, CLIENT_INFO_META_KEY) ?? ctx.server.server.getClientVersion();
}

/** What the client says it can do: per request (2026-07-28) or as declared at initialize (2025). */
function clientCapabilities(ctx: ToolContext): ClientCapabilities | undefined {
  return (
    envelope<ClientCapabilities>(ctx, CLIENT_CAPABILITIES_META_KEY) ??
    ctx.server.server.getClientCapabilities()
  );
}

/** The MCP client's name as it introduced itself, made safe for logs and the audit log. */
export function clientName(ctx: ToolContext): string {
  // A client that signed in through OAuth is named as it registered: the audit names that client.
  const registered = oauthClientOf(ctx.req.http?.authInfo);
  const safe = (registered === undefined ? (clientInfo(ctx)?.name ?? '') : `oauth ${registered}`)
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .slice(0, 40)
    .trim();
  return safe === '' ? 'mcp-client' : safe;
}

/**
 * Who calls, read from this request alone: the credential the HTTP layer verified for it (none on stdio)
 * and the client's name. Nothing is remembered per session, so a session never changes who it is.
 */
export function callerOf(ctx: ToolContext): { readonly client: string; readonly auth?: AuthInfo } {
  const auth = ctx.req.http?.authInfo;
  return { client: clientName(ctx), ...(auth === undefined ? {} : { auth }) };
}

/**
 * Who acts through MCP on `channel`: the named client, and the person it acts for with the id of the
 * personal token this request was checked with (with a people file).
 */
export function mcpActor(ctx: ToolContext, channel = 'mcp'): Actor {
  const credential = credentialOfAuth(ctx.req.http?.authInfo);
  return {
    channel,
    id: clientName(ctx),
    ...(ctx.person === undefined ? {} : { person: ctx.person.id }),
    ...(ctx.person === undefined || credential === undefined ? {} : { credential }),
  };
}

/** Who asks for an order through MCP: the model behind the named client, for its person. */
export function requester(ctx: ToolContext): Actor {
  return mcpActor(ctx);
}

/**
 * Whose turn this request waits for in the client's fair queue: the person (with a people file), else the
 * 2025-11-25 session, else the client by name.
 */
export function askerOf(person: Person | undefined, req: ServerContext, client: string): string {
  if (person !== undefined) return `person:${person.id}`;
  if (req.sessionId !== undefined) return `mcp-session:${req.sessionId}`;
  return `mcp:${client}`;
}

/** True when the client can show a form to its user (MCP elicitation), as it declared for this request. */
/** Whether the client opens links for its person (URL-mode elicitation). */
export function canOpenLinks(ctx: ToolContext): boolean {
  return clientCapabilities(ctx)?.elicitation?.url !== undefined;
}

export function canElicit(ctx: ToolContext): boolean {
  const elicitation = clientCapabilities(ctx)?.elicitation;
  return (
    elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0)
  );
}

/** True when the client shows MCP Apps (the order card), as it declared for this request. */
export function showsApps(ctx: ToolContext): boolean {
  return declaresApps(clientCapabilities(ctx));
}

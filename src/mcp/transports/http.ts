import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { type Logger, silentLogger } from '../../core/logger.js';
import { type Every, everyInterval } from '../timers.js';
import { BodyError, discardBody, readJsonBody } from './body.js';
import { allowedHosts, allowedOrigins, type GuardOptions, guardRequest, isLoopbackHost } from './guards.js';
import { SessionTable } from './sessions.js';

/** How to serve MCP over Streamable HTTP. */
export interface HttpOptions extends GuardOptions {
  /** Builds one MCP server per session. */
  readonly createServer: () => McpServer;
  readonly logger?: Logger;
  readonly maxBodyBytes?: number;
  /** Most sessions open at once (default 64); when full, the least recently used idle one is closed. */
  readonly maxSessions?: number;
  /** How long a session without requests or streams lives (default 30 minutes). */
  readonly idleMs?: number;
  /** The sessions' clock (default: the system clock). */
  readonly now?: () => number;
  /** The timer that sweeps idle sessions (default: a real interval). */
  readonly every?: Every;
}

/** A listening MCP HTTP endpoint. */
export interface HttpHandle {
  /** `http://host:port/mcp`. */
  readonly url: string;
  readonly port: number;
  readonly sessions: () => number;
  close(): Promise<void>;
}

/** The path MCP is served at. */
export const MCP_PATH = '/mcp';

/** Seconds a client is told to wait when every session is busy. */
const RETRY_AFTER_S = 5;
/** How long the rest of a refused body may keep arriving before the connection is cut. */
const DISCARD_MS = 10_000;

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Serves MCP at `/mcp` with stateful sessions (so elicitation and progress reach the client), refusing
 * foreign Host and Origin headers (403) and, when a token is set, requests without it (401). Binding off
 * loopback without a token is refused.
 */
export async function startHttpServer(o: HttpOptions): Promise<HttpHandle> {
  if (!isLoopbackHost(o.host) && (o.token === undefined || o.token === '')) {
    throw new Error(
      `refusing to serve MCP on ${o.host} without a token: set OMSDESK_MCP_TOKEN, or bind to 127.0.0.1`,
    );
  }
  const logger = o.logger ?? silentLogger;
  const maxBodyBytes = o.maxBodyBytes ?? 1024 * 1024;
  const table = new SessionTable(
    o.createServer,
    { maxSessions: o.maxSessions ?? 64, idleMs: o.idleMs ?? 30 * 60_000 },
    { now: o.now ?? Date.now, every: o.every ?? everyInterval },
  );
  let guards = { hosts: new Set<string>(), origins: new Set<string>() };
  let options: GuardOptions = o;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== MCP_PATH) return reply(res, 404, `not found: MCP is served at ${MCP_PATH}`);
    const refusal = guardRequest(req.headers, options, guards.hosts, guards.origins);
    if (refusal) return reply(res, refusal.status, refusal.message, { ...refusal.headers });
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (req.method === 'POST') {
      if (id !== undefined) {
        // Held before the body is read, so the session cannot be evicted while its request arrives.
        const transport = table.use(id, res);
        if (!transport) return reply(res, 404, 'session not found: start a new session');
        return transport.handleRequest(req, res, await readJsonBody(req, maxBodyBytes));
      }
      const body = await readJsonBody(req, maxBodyBytes);
      if (!isInitializeRequest(body))
        return reply(res, 400, 'bad request: send initialize first, then the mcp-session-id header');
      const transport = await table.open(res);
      if (!transport) {
        return reply(res, 503, 'too many open sessions, all busy: retry later', {
          'retry-after': String(RETRY_AFTER_S),
        });
      }
      return transport.handleRequest(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const transport = id === undefined ? undefined : table.use(id, res);
      if (!transport)
        return reply(res, id === undefined ? 400 : 404, 'a valid mcp-session-id header is required');
      return transport.handleRequest(req, res);
    }
    return reply(res, 405, 'method not allowed', { allow: 'GET, POST, DELETE' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyError) {
        reply(res, error.status, error.message);
        discardBody(req, DISCARD_MS);
        return;
      }
      logger.error('mcp http request failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      reply(res, 500, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options = { ...o, port };
  guards = { hosts: allowedHosts(options), origins: allowedOrigins(options) };
  const shown = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    port,
    sessions: () => table.size,
    async close() {
      await table.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NodeIncomingMessageLike, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isJsonContentType,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import { type Logger, silentLogger } from '../../core/logger.js';
import type { Person } from '../../core/people/index.js';
import { isLoopback } from '../../core/transport/loopback.js';
import { decidesTicket, fitOrdering, mayOrder } from '../ordering.js';
import { credentialOfAuth, decidesOfAuth, decidingAuth, personOfAuth } from '../people.js';
import type { McpService } from '../server.js';
import { type Every, everyInterval } from '../timers.js';
import { BodyError, discardBody, readJsonBody } from './body.js';
import { EventBudget } from './event-budget.js';
import { allowedHosts, allowedOrigins, type GuardOptions, guardRequest, type Refusal } from './guards.js';
import {
  checkOAuthToken,
  type OAuthResource,
  resourceMetadataPath,
  sendResourceMetadata,
} from './oauth-auth.js';
import { checkMetricsToken, checkPersonalToken, type HttpPeople, NOT_YOUR_SESSION } from './people-auth.js';
import { PersonStreams } from './person-streams.js';
import { SessionTable } from './sessions.js';

/**
 * Serves a request for a path other than MCP's (probes, metrics) and returns true, or returns false:
 * `access` runs the checks an MCP request passes (Host, Origin, bearer token) for routes that need them;
 * for `metrics`, a metrics-only token passes too.
 */
export type SideRoutes = (
  req: IncomingMessage,
  res: ServerResponse,
  access: (purpose?: 'metrics') => Promise<Refusal | undefined>,
) => boolean;

/** What the checks made of a request: refused, or let in (as a person, with a people file). */
interface Admission {
  readonly refusal?: Refusal;
  readonly person?: Person;
  readonly auth?: AuthInfo;
}

/** How to serve MCP over Streamable HTTP. */
export interface HttpOptions extends GuardOptions {
  /** Builds the servers: one per 2025-11-25 session, one per 2026-07-28 request. */
  readonly service: McpService;
  readonly logger?: Logger;
  readonly maxBodyBytes?: number;
  /** Most sessions open at once (default 64); when full, the least recently used idle one is closed. */
  readonly maxSessions?: number;
  /** Most sessions one person holds, with a people file (default 16); their oldest makes room. */
  readonly maxSessionsPerPerson?: number;
  /** How long a session without requests or streams lives (default 30 minutes). */
  readonly idleMs?: number;
  /** The sessions' clock (default: the system clock). */
  readonly now?: () => number;
  /** The timer that sweeps idle sessions (default: a real interval). */
  readonly every?: Every;
  /** Routes served beside MCP on the same port. */
  readonly sideRoutes?: SideRoutes;
  /** What the sessions' resumable events may hold together (default: `EVENT_BUDGET`). */
  readonly events?: EventBudget;
  /** With a people file: every request carries a personal token instead of the shared one. */
  readonly people?: HttpPeople;
  /** With sign-in: the same MCP server at `/oauth/mcp`, each request carrying an OAuth access token. */
  readonly oauth?: OAuthResource;
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

/** The path MCP behind OAuth is served at (with sign-in). */
export const OAUTH_MCP_PATH = '/oauth/mcp';

/** Seconds a client is told to wait when every session is busy. */
const RETRY_AFTER_S = 5;
/** How long the rest of a refused body may keep arriving before the connection is cut. */
const DISCARD_MS = 10_000;

/** Who the shared bearer token says calls; the token itself stays out of every handler's reach. */
const SHARED_TOKEN: AuthInfo = { token: 'OMSDESK_MCP_TOKEN', clientId: 'omsdesk-mcp-token', scopes: [] };

/**
 * The JSON-RPC codes of refusals before any server reads a message: JSON-RPC's own where it names one, the
 * SDK's "Session not found" for a session that is not there, and a server error for the rest (HTTP says it).
 */
const CODE = { parse: -32700, invalidRequest: -32600, noSession: -32001, server: -32000 } as const;

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code: number = CODE.server,
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Serves MCP at `/mcp` in both revisions, refusing foreign Host and Origin headers (403) and, when a token
 * is set, requests without it (401); binding off loopback without a token is refused. With a people file
 * each request instead carries its person's own token (`people-auth.ts`), and a 2025-11-25 session serves
 * only the person who opened it (403 for another), its lists fitted to their role at each request. A request of
 * 2026-07-28 (its `_meta` says so) is served on its own, with no session and no handshake; 2025-11-25
 * clients get stateful sessions as before, so elicitation, progress and resumable streams reach them.
 * The verified credential rides each request to the handlers (`authInfo`), never a session.
 */
export async function startHttpServer(o: HttpOptions): Promise<HttpHandle> {
  if (!isLoopback(o.host) && (o.token === undefined || o.token === '') && o.people === undefined) {
    throw new Error(
      `refusing to serve MCP on ${o.host} without a token: set OMSDESK_MCP_TOKEN, or bind to 127.0.0.1`,
    );
  }
  const logger = o.logger ?? silentLogger;
  const maxBodyBytes = o.maxBodyBytes ?? 1024 * 1024;
  const onerror = (error: Error): void => logger.debug('mcp http', { error: error.message });
  const table = new SessionTable(
    (may) => o.service.server({ era: 'legacy', mayOrder: may }),
    {
      maxSessions: o.maxSessions ?? 64,
      maxPerPerson: o.maxSessionsPerPerson ?? 16,
      idleMs: o.idleMs ?? 30 * 60_000,
    },
    { now: o.now ?? Date.now, every: o.every ?? everyInterval },
    o.events ?? new EventBudget(),
  );
  const modern = createMcpHandler(
    ({ era, authInfo }) =>
      o.service.server({
        era,
        perRequest: true,
        mayOrder: mayOrder(personOfAuth(authInfo)) || decidesOfAuth(authInfo),
      }),
    {
      legacy: 'reject',
      onerror,
      maxRequestBodySize: maxBodyBytes,
    },
  );
  const serveModern = toNodeHandler(modern, { onerror, maxRequestBodySize: maxBodyBytes });
  const stopUpdates = o.service.updates.listen((uris) => {
    for (const uri of uris) modern.notify.resourceUpdated(uri);
  });
  const streams = new PersonStreams();
  // A revoked token or a removed person gets nothing more: their sessions and open streams close at once.
  const stopEndings = o.people?.onEnded?.((ending) => {
    const whose = ending.kind === 'token' ? { credential: ending.tokenId } : { person: ending.person };
    table.closeOf(whose);
    streams.close(whose);
  });
  let guards = { hosts: new Set<string>(), origins: new Set<string>() };
  let options: GuardOptions = o;

  /** Whether a posted body is of 2025-11-25 (else 2026-07-28, or refused by the SDK as neither). */
  const isLegacy = async (req: IncomingMessage, body: unknown): Promise<boolean> =>
    // Node's message types `method` as possibly absent; the adapter's shape does not (it is there for a server's requests).
    isLegacyRequest(await toWebRequest(req as NodeIncomingMessageLike, body), body);

  /**
   * 2026-07-28: one request served on its own, kept as its person's while open (an ended credential cuts
   * it); one that decides a ticket already asked for reaches its tool whatever the role now.
   */
  const perRequest = (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    person: Person | undefined,
  ): Promise<void> => {
    const node = req as NodeIncomingMessageLike & { auth?: AuthInfo };
    if (person !== undefined) streams.hold(res, person.id, credentialOfAuth(node.auth));
    if (node.auth !== undefined && decidesTicket(body)) node.auth = decidingAuth(node.auth);
    return serveModern(node, res, body);
  };

  /**
   * A request naming a session, held busy from before its body is read so it cannot be evicted. A request of
   * 2026-07-28 is served on its own whatever id it carries: that revision has no sessions.
   */
  const inSession = async (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    person: Person | undefined,
  ): Promise<void> => {
    const session = table.use(id, res, person?.id);
    const body = req.method === 'POST' ? await readJsonBody(req, maxBodyBytes) : undefined;
    if (body !== undefined && !(await isLegacy(req, body))) return perRequest(req, res, body, person);
    if (session === 'another') return reply(res, NOT_YOUR_SESSION.status, NOT_YOUR_SESSION.message);
    if (session === undefined)
      return reply(res, 404, 'session not found: start a new session', {}, CODE.noSession);
    // The role as the people file says now: a demoted person's session stops listing placement tools,
    // but a decision on their earlier ticket still reaches the gate, which says why it refuses.
    if (person !== undefined) fitOrdering(session.server, mayOrder(person) || decidesTicket(body));
    return session.endpoint.handleRequest(req, res, body);
  };

  /** 2025-11-25: an initialize opens a session; anything else without one is refused. */
  const openSession = async (
    res: ServerResponse,
    req: IncomingMessage,
    body: unknown,
    person: Person | undefined,
    auth: AuthInfo | undefined,
  ): Promise<void> => {
    if (!isInitializeRequest(body))
      return reply(
        res,
        400,
        'bad request: send initialize first, then the mcp-session-id header',
        {},
        CODE.invalidRequest,
      );
    const credential = credentialOfAuth(auth);
    const owner =
      person === undefined
        ? undefined
        : { id: person.id, mayOrder: mayOrder(person), ...(credential === undefined ? {} : { credential }) };
    const endpoint = await table.open(res, owner);
    if (!endpoint) {
      return reply(res, 503, 'too many open sessions, all busy: retry later', {
        'retry-after': String(RETRY_AFTER_S),
      });
    }
    return endpoint.handleRequest(req, res, body);
  };

  /**
   * The checks every request of this server passes: Host, Origin, and its bearer (the shared token, or a
   * person's own; at `/oauth/mcp` an OAuth access token bound to it, and nothing else).
   */
  const admit = async (req: IncomingMessage, purpose?: 'metrics' | 'oauth'): Promise<Admission> => {
    const oauth = purpose === 'oauth';
    const { token: _shared, ...untokened } = options;
    const refusal = guardRequest(req.headers, oauth ? untokened : options, guards.hosts, guards.origins);
    if (refusal) return { refusal };
    if (oauth && o.oauth !== undefined) {
      const checked = await checkOAuthToken(req.headers, o.oauth);
      return checked.ok ? { person: checked.person, auth: checked.auth } : { refusal: checked.refusal };
    }
    if (o.people === undefined) return options.token === undefined ? {} : { auth: SHARED_TOKEN };
    if (purpose === 'metrics') {
      const refused = await checkMetricsToken(req.headers, o.people);
      return refused === undefined ? {} : { refusal: refused };
    }
    const checked = await checkPersonalToken(req.headers, o.people);
    return checked.ok ? { person: checked.person, auth: checked.auth } : { refusal: checked.refusal };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const oauth = o.oauth !== undefined && path === OAUTH_MCP_PATH;
    if (o.oauth !== undefined && path === resourceMetadataPath(o.oauth) && req.method === 'GET')
      return sendResourceMetadata(res, o.oauth);
    if (path !== MCP_PATH && !oauth) {
      if (o.sideRoutes?.(req, res, async (purpose) => (await admit(req, purpose)).refusal)) return;
      return reply(res, 404, `not found: MCP is served at ${MCP_PATH}`);
    }
    const { refusal, person, auth } = await admit(req, oauth ? 'oauth' : undefined);
    if (refusal) {
      if (req.method === 'POST') discardBody(req, DISCARD_MS);
      return reply(res, refusal.status, refusal.message, { ...refusal.headers });
    }
    if (auth !== undefined) (req as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    const sessionId = req.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE')
      return reply(res, 405, 'method not allowed', { allow: 'GET, POST, DELETE' });
    if (req.method === 'POST' && !isJsonContentType(req.headers['content-type'] ?? null)) {
      discardBody(req, DISCARD_MS);
      return reply(res, 415, 'unsupported media type: send Content-Type: application/json');
    }
    if (id !== undefined) return inSession(req, res, id, person);
    if (req.method !== 'POST')
      return reply(res, 400, 'a valid mcp-session-id header is required', {}, CODE.invalidRequest);
    const body = await readJsonBody(req, maxBodyBytes);
    if (await isLegacy(req, body)) return openSession(res, req, body, person, auth);
    return perRequest(req, res, body, person);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyError) {
        reply(res, error.status, error.message, {}, error.status === 400 ? CODE.parse : CODE.server);
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
      stopUpdates();
      stopEndings?.();
      await modern.close();
      await table.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

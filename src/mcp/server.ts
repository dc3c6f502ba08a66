import { McpServer } from '@modelcontextprotocol/server';
import { registerTicketCard } from './app/resource.js';
import { Completions } from './completions.js';
import { type Era, type ResolvedDeps, resolveDeps } from './context.js';
import type { McpDeps } from './deps.js';
import {
  assertMcpSettings,
  CACHE_HINTS,
  cardToolsFor,
  INSTRUCTIONS,
  SERVER_INFO,
  toolsFor,
} from './listing.js';
import { fitOrdering, leadsToOrders } from './ordering.js';
import { registerPrompts } from './prompts/index.js';
import { registerOrders } from './resources/orders-today.js';
import { followUpdates } from './resources/subscriptions.js';
import { registerTicket } from './resources/ticket.js';
import { ResourceUpdates } from './resources/updates.js';

/** What a service must know before its dependencies exist: which tools and resources it lists. */
export interface McpSettings extends Pick<McpDeps, 'readOnly' | 'confirm' | 'broker'> {
  /** An approval channel (the Discord desk) will be there. */
  readonly withChannel: boolean;
  /** An order watcher will be there (the orders resources). */
  readonly withOrders: boolean;
  /** A people file: each request is a person's (and `whoami` says whose). */
  readonly withPeople?: boolean;
}

/** The settings of existing dependencies. */
export function settingsOf(deps: McpDeps): McpSettings {
  return {
    readOnly: deps.readOnly,
    confirm: deps.confirm,
    broker: deps.broker,
    withChannel: deps.approvalChannel !== undefined,
    withOrders: deps.orders !== undefined,
    withPeople: deps.people !== undefined,
  };
}

/** What one server serves: a protocol era, and whether it lives for one request only. */
export interface ServerScope {
  readonly era: Era;
  /** One HTTP request of 2026-07-28: nothing is followed between requests (the handler tells of changes). */
  readonly perRequest?: boolean;
  /**
   * Whether its caller may ask for orders (default yes): a viewer's server lists no placement tool and no
   * order review. Fitted again at each request (`fitOrdering`), since a role can change while it serves.
   */
  readonly mayOrder?: boolean;
}

/** The MCP side of one process: its dependencies and state, and the servers built from them. */
export interface McpService {
  /** The dependencies with their defaults, once they exist. */
  readonly ready: Promise<ResolvedDeps>;
  /** Which resources changed, for the process. */
  readonly updates: ResourceUpdates;
  /** A server for one connection, session or (2026-07-28 over HTTP) request. */
  server(scope?: ServerScope): McpServer;
  close(): void;
}

/**
 * The MCP side of a process whose dependencies are still being made: read tools always; placement tools
 * (through the order gate) unless read-only; `confirm_order` only where tool confirmation is allowed; the
 * orders and ticket resources. A client can list all of it at once; a call waits for the dependencies
 * (a stdio process starts its broker while it answers its first requests). Servers are cheap and many
 * (one per session or request); the state (tool tickets, confirmation rounds, change feed) is the
 * service's, shared by all of them.
 */
export function createLateMcpService(settings: McpSettings, deps: Promise<McpDeps>): McpService {
  assertMcpSettings(settings);
  const ready = deps.then(resolveDeps);
  // Whoever started the dependencies hears of their failure; calls are answered with it.
  let resolved: ResolvedDeps | undefined;
  ready.then(
    (d) => {
      resolved = d;
    },
    () => undefined,
  );
  const tools = [...toolsFor(settings), ...cardToolsFor(settings)];
  const updates = new ResourceUpdates(ready);
  const capabilities = {
    tools: { listChanged: false },
    prompts: { listChanged: false },
    resources: { subscribe: true, listChanged: false },
  };
  return {
    ready,
    updates,
    server(scope = { era: 'legacy' }) {
      const server = new McpServer(SERVER_INFO, {
        capabilities,
        instructions: INSTRUCTIONS,
        cacheHints: CACHE_HINTS,
        // A handle the server never gave out (made up or altered) is refused before any handler runs.
        requestState: {
          verify: (state) => {
            if (!resolved?.rounds.known(state)) throw new Error('unknown confirmation round');
          },
        },
      });
      for (const tool of tools) {
        const registered = tool.register(server, ready, scope.era);
        if (!tool.annotations.readOnlyHint) leadsToOrders(server, registered);
      }
      const completions = new Completions();
      if (settings.withOrders) registerOrders(server, ready, completions);
      registerTicket(server, ready, completions);
      registerTicketCard(server);
      const review = registerPrompts(server, ready, scope.era, !settings.readOnly, completions);
      if (review !== undefined) leadsToOrders(server, review);
      completions.serve(server);
      // Before it serves: a disabled tool's change is not told to a client not yet connected.
      fitOrdering(server, scope.mayOrder ?? true);
      if (!scope.perRequest) followUpdates(server, scope.era, updates);
      return server;
    },
    close: () => updates.close(),
  };
}

/** The MCP side of a process whose dependencies exist. */
export function createMcpService(deps: McpDeps): McpService {
  return createLateMcpService(settingsOf(deps), Promise.resolve(deps));
}

/** A service with one server, for one connection; closing the server closes the service. */
export function createMcpServer(deps: McpDeps, scope?: ServerScope): McpServer {
  const service = createMcpService(deps);
  const server = service.server(scope);
  const closed = server.server.onclose;
  server.server.onclose = () => {
    service.close();
    closed?.();
  };
  return server;
}

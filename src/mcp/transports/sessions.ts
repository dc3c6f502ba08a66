import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: McpServer;
  lastSeen: number;
}

/** Open MCP sessions over HTTP, one server and one transport each, closed when idle or on shutdown. */
export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(
    private readonly createServer: () => McpServer,
    private readonly limits: {
      readonly maxSessions: number;
      readonly idleMs: number;
      readonly maxBodyBytes: number;
    },
  ) {
    this.#sweeper = setInterval(() => this.#sweep(), Math.min(60_000, limits.idleMs));
    this.#sweeper.unref();
  }

  /** Number of open sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  /** The session with this id, marked as used now. */
  get(id: string): StreamableHTTPServerTransport | undefined {
    const session = this.#sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session?.transport;
  }

  /** A new session's transport, connected to a fresh server; undefined when too many are open. */
  async open(): Promise<StreamableHTTPServerTransport | undefined> {
    if (this.#sessions.size >= this.limits.maxSessions) return undefined;
    const server = this.createServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.limits.maxBodyBytes,
      onsessioninitialized: (id) => {
        this.#sessions.set(id, { transport, server, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        this.#drop(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) this.#drop(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.#sweeper);
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(all.map((s) => s.server.close()));
  }

  #drop(id: string): void {
    const session = this.#sessions.get(id);
    if (!session) return;
    this.#sessions.delete(id);
    void session.server.close().catch(() => undefined);
  }

  #sweep(): void {
    const cutoff = Date.now() - this.limits.idleMs;
    for (const [id, s] of this.#sessions) if (s.lastSeen < cutoff) this.#drop(id);
  }
}

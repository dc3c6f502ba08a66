import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Every } from '../timers.js';
import { deliveringEndpoint, type SessionEndpoint } from './delivery.js';
import { EventBudget } from './event-budget.js';
import { SessionEvents } from './events.js';
import { send2025Codes } from './legacy-codes.js';

interface Session {
  readonly id: string;
  readonly transport: NodeStreamableHTTPServerTransport;
  readonly server: McpServer;
  /** What the session sent that its client could still resume. */
  readonly events: SessionEvents;
  /** HTTP requests and streams of this session still open. */
  inFlight: number;
  /** JSON-RPC requests of the client still owed an answer, whether or not their HTTP request is open. */
  readonly calls: Set<string | number>;
  lastSeen: number;
  /** True once the client's initialize succeeded and it holds the id. */
  ready: boolean;
  /** With a people file: the person who opened it, the only one it ever serves. */
  readonly owner?: string;
}

const idle = (s: Session): boolean => s.inFlight === 0 && s.calls.size === 0;

/**
 * Counts the client's requests from arrival to answer on the connected transport. A cancelled request is
 * never answered (the SDK drops its result), so its cancellation ends it. An answer counts as use: the
 * client may come back for it (a resumed stream) however long the call took.
 */
function trackCalls(session: Session, now: () => number): void {
  const { transport, calls } = session;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const m = message as { id?: string | number; method?: string; params?: { requestId?: string | number } };
    if (m.method === 'notifications/cancelled' && m.params?.requestId !== undefined)
      calls.delete(m.params.requestId);
    else if (m.method !== undefined && m.id !== undefined) calls.add(m.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { id?: string | number; method?: string };
    if (m.method === undefined && m.id !== undefined && calls.delete(m.id)) session.lastSeen = now();
    return send(message, options);
  };
}

/** How many sessions may be open, and how long an idle one lives. */
export interface SessionLimits {
  readonly maxSessions: number;
  readonly idleMs: number;
}

/** The table's time: its clock and the timer that sweeps idle sessions and expired events. */
export interface SessionTime {
  readonly now: () => number;
  readonly every: Every;
}

/**
 * Open MCP sessions over HTTP, one server and one transport each. A session is busy while one of its
 * requests or streams is open, or while a call of its client is still running (a call waiting for a
 * person outlives its dropped stream, which the client may resume); idle ones expire after `idleMs`, and
 * when the table is full the least recently used idle one makes room, since most clients vanish without
 * saying goodbye. A closed session (DELETE, expired, evicted) lets go of every event it kept; all
 * sessions' events share one budget.
 */
export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #stopSweeping: () => void;

  constructor(
    /** A session's server; `mayOrder` false lists no placement tools (a viewer's session). */
    private readonly createServer: (mayOrder: boolean) => McpServer,
    private readonly limits: SessionLimits,
    private readonly time: SessionTime,
    private readonly budget: EventBudget = new EventBudget(),
  ) {
    this.#stopSweeping = time.every(Math.min(60_000, limits.idleMs), () => this.#sweep());
  }

  /** Number of open sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * The session with this id, held busy until `res` closes; undefined when there is no such session, and
   * `another` (not held) when `owner` is not the person it belongs to.
   */
  use(
    id: string,
    res: ServerResponse,
    owner?: string,
  ): { readonly endpoint: SessionEndpoint; readonly server: McpServer } | 'another' | undefined {
    const session = this.#sessions.get(id);
    if (!session?.ready) return undefined;
    if (session.owner !== owner) return 'another';
    this.#hold(session, res);
    return { endpoint: deliveringEndpoint(session.transport, session.events), server: session.server };
  }

  /**
   * A new session for the initialize request answered on `res`, connected to a fresh server; undefined
   * when the table is full and every session is busy.
   */
  async open(
    res: ServerResponse,
    owner?: { readonly id: string; readonly mayOrder: boolean },
  ): Promise<SessionEndpoint | undefined> {
    // The slot is taken before the first await, so a burst of initializes cannot overfill the table.
    if (this.#sessions.size >= this.limits.maxSessions && !this.#evictIdlest()) return undefined;
    const id = randomUUID();
    const server = this.createServer(owner?.mayOrder ?? true);
    // Lets a client whose stream dropped while a person decides resume it and still get the answer.
    const events = new SessionEvents(this.budget, this.time.now);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      eventStore: events,
      onsessioninitialized: () => {
        session.ready = true;
      },
      onsessionclosed: () => this.#drop(id),
    });
    transport.onclose = () => this.#drop(id);
    const session: Session = {
      id,
      transport,
      server,
      events,
      inFlight: 0,
      calls: new Set(),
      lastSeen: this.time.now(),
      ready: false,
      ...(owner === undefined ? {} : { owner: owner.id }),
    };
    this.#sessions.set(id, session);
    this.#hold(session, res);
    await server.connect(transport);
    trackCalls(session, this.time.now);
    send2025Codes(transport);
    return deliveringEndpoint(session.transport, session.events);
  }

  /** Closes every session and stops the sweep. */
  async closeAll(): Promise<void> {
    this.#stopSweeping();
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    for (const s of all) s.events.clear();
    await Promise.allSettled(all.map((s) => s.server.close()));
  }

  #hold(session: Session, res: ServerResponse): void {
    session.inFlight += 1;
    session.lastSeen = this.time.now();
    res.once('close', () => {
      session.inFlight -= 1;
      session.lastSeen = this.time.now();
      // An initialize that failed leaves a session nobody holds the id of.
      if (!session.ready && session.inFlight === 0) this.#drop(session.id);
    });
  }

  #evictIdlest(): boolean {
    let idlest: Session | undefined;
    for (const s of this.#sessions.values()) {
      if (idle(s) && (idlest === undefined || s.lastSeen < idlest.lastSeen)) idlest = s;
    }
    if (idlest) this.#drop(idlest.id);
    return idlest !== undefined;
  }

  #drop(id: string): void {
    const session = this.#sessions.get(id);
    if (!session) return;
    this.#sessions.delete(id);
    session.events.clear();
    void session.server.close().catch(() => undefined);
  }

  #sweep(): void {
    const cutoff = this.time.now() - this.limits.idleMs;
    for (const s of this.#sessions.values()) {
      if (idle(s) && s.lastSeen <= cutoff) this.#drop(s.id);
      else s.events.expire();
    }
  }
}

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
  /** With a people file: the id of the personal token it was opened with (its revocation closes it). */
  readonly credential?: string;
  /** When it was opened: a person over their cap loses their oldest first. */
  readonly opened: number;
}

/** Who opens a session, with a people file. */
export interface SessionOwner {
  readonly id: string;
  readonly mayOrder: boolean;
  /** The id of the personal token the initialize came with. */
  readonly credential?: string;
}

const idle = (s: Session): boolean => s.inFlight === 0 && s.calls.size === 0;

/** The idle session least recently used, if any. */
function leastRecentlyIdle(sessions: readonly Session[]): Session | undefined {
  let found: Session | undefined;
  for (const s of sessions) if (idle(s) && (found === undefined || s.lastSeen < found.lastSeen)) found = s;
  return found;
}

/** The initialized session opened first, if any. */
function oldest(sessions: readonly Session[]): Session | undefined {
  let found: Session | undefined;
  for (const s of sessions) if (s.ready && (found === undefined || s.opened < found.opened)) found = s;
  return found;
}

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

/** How many sessions may be open, in all and per person, and how long an idle one lives. */
export interface SessionLimits {
  readonly maxSessions: number;
  /** Most sessions one person holds (with a people file); their own oldest makes room for their next. */
  readonly maxPerPerson: number;
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
 * saying goodbye. With a people file, one person holds at most `maxPerPerson` sessions (their own least
 * recently used idle one, else their oldest, makes room for their next), and when the table is full of
 * busy sessions, whoever holds the most gives up their oldest to someone holding fewer: one person's
 * sessions never keep another out. A closed session (DELETE, expired, evicted) lets go of every event it
 * kept; all sessions' events share one budget.
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
  async open(res: ServerResponse, owner?: SessionOwner): Promise<SessionEndpoint | undefined> {
    // The slot is taken before the first await, so a burst of initializes cannot overfill the table.
    if (!this.#makeRoom(owner?.id)) return undefined;
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
      opened: this.time.now(),
      ...(owner === undefined ? {} : { owner: owner.id }),
      ...(owner?.credential === undefined ? {} : { credential: owner.credential }),
    };
    this.#sessions.set(id, session);
    this.#hold(session, res);
    await server.connect(transport);
    trackCalls(session, this.time.now);
    send2025Codes(transport);
    return deliveringEndpoint(session.transport, session.events);
  }

  /**
   * Closes at once every session of this person, or opened with this personal token, streams and calls
   * included (a revoked token, a person removed): nothing more reaches them. Returns how many.
   */
  closeOf(whose: { readonly person?: string; readonly credential?: string }): number {
    const closing = [...this.#sessions.values()].filter(
      (s) =>
        (whose.person !== undefined && s.owner === whose.person) ||
        (whose.credential !== undefined && s.credential === whose.credential),
    );
    for (const s of closing) this.#drop(s.id);
    return closing.length;
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

  /**
   * Makes room for one more session of `owner` (synchronous): their own oldest goes when they are at their
   * cap; when the table is full, the least recently used idle session, else the oldest of whoever holds
   * the most, when that is at least two more than `owner` holds (so the two never just swap a session).
   * False when no room can be made.
   */
  #makeRoom(owner: string | undefined): boolean {
    const held = new Map<string | undefined, Session[]>();
    for (const s of this.#sessions.values()) {
      const list = held.get(s.owner);
      if (list === undefined) held.set(s.owner, [s]);
      else list.push(s);
    }
    const own = held.get(owner) ?? [];
    if (owner !== undefined && own.length >= this.limits.maxPerPerson) {
      // A session still initializing is never taken: its client has not even learnt its id.
      const victim = leastRecentlyIdle(own) ?? oldest(own);
      if (victim !== undefined) this.#drop(victim.id);
      return victim !== undefined;
    }
    if (this.#sessions.size < this.limits.maxSessions) return true;
    const idlest = leastRecentlyIdle([...this.#sessions.values()]);
    if (idlest !== undefined) {
      this.#drop(idlest.id);
      return true;
    }
    let most: Session[] = [];
    for (const list of held.values()) if (list.length > most.length) most = list;
    const victim = most.length > own.length + 1 ? oldest(most) : undefined;
    if (victim !== undefined) this.#drop(victim.id);
    return victim !== undefined;
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

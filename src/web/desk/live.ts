import type { ServerResponse } from 'node:http';
import type { Logger } from '../../core/logger.js';
import type { Person } from '../../core/people/index.js';
import type { Fragments } from './fragments.js';
import type { WebSession, WebSessions } from './sessions.js';

/** One browser following the desk. */
interface Stream {
  readonly session: WebSession;
  readonly res: ServerResponse;
  render(person: Person): Promise<Fragments>;
}

/** Most live streams per session and in all: one person's tabs never crowd out the team. */
const PER_SESSION = 8;
const IN_ALL = 1_000;
/** A comment now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;

/**
 * The desk's live updates (server-sent events): whenever the gate or the order watcher reports a change,
 * each open stream gets its person's fragments again, rendered from memory. Changes arriving together are
 * sent once. Each stream's session is checked at every update: an ended session's streams are told so and
 * closed, and a session that ends closes its streams at once.
 */
export class LiveDesk {
  readonly #streams = new Set<Stream>();
  readonly #sessions: WebSessions;
  readonly #logger: Logger;
  #queued = false;
  readonly #keepalive: NodeJS.Timeout;

  constructor(sessions: WebSessions, logger: Logger) {
    this.#sessions = sessions;
    this.#logger = logger;
    sessions.onEnd((id) => {
      for (const s of this.#streams) if (s.session.id === id) this.#end(s, true);
    });
    // Each quiet stream's session is checked as often, so one ended without any change closes too.
    this.#keepalive = setInterval(() => this.#sweep(), KEEPALIVE_MS);
    this.#keepalive.unref();
  }

  /** Opens a stream for a signed-in session and sends its first fragments. */
  async open(
    session: WebSession,
    person: Person,
    res: ServerResponse,
    render: Stream['render'],
  ): Promise<void> {
    const mine = [...this.#streams].filter((s) => s.session.id === session.id);
    if (mine.length >= PER_SESSION && mine[0] !== undefined) this.#end(mine[0], false);
    if (this.#streams.size >= IN_ALL) {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '30' }).end('too many live streams');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const stream: Stream = { session, res, render };
    this.#streams.add(stream);
    res.on('close', () => this.#streams.delete(stream));
    await this.#send(stream, person);
  }

  /** Something changed: every stream hears of it once, after the changes of this turn. */
  changed(): void {
    if (this.#queued) return;
    this.#queued = true;
    setImmediate(() => {
      this.#queued = false;
      for (const stream of this.#streams) {
        this.#sessions
          .stillValid(stream.session)
          .then((person) => {
            if (person !== undefined) return this.#send(stream, person);
            this.#end(stream, true);
            this.#sessions.end(stream.session.id);
            return undefined;
          })
          .catch((error: unknown) =>
            this.#logger.warn('a live desk update failed', {
              error: error instanceof Error ? error.message : String(error),
            }),
          );
      }
    });
  }

  /** How many streams are open. */
  get size(): number {
    return this.#streams.size;
  }

  close(): void {
    clearInterval(this.#keepalive);
    for (const s of this.#streams) this.#end(s, false);
  }

  #sweep(): void {
    for (const stream of this.#streams) {
      void this.#sessions.stillValid(stream.session).then((person) => {
        if (person !== undefined) stream.res.write(': keepalive\n\n');
        else {
          this.#end(stream, true);
          this.#sessions.end(stream.session.id);
        }
      });
    }
  }

  async #send(stream: Stream, person: Person): Promise<void> {
    if (!this.#streams.has(stream)) return;
    const fragments = await stream.render(person);
    stream.res.write(`event: fragments\ndata: ${JSON.stringify(fragments)}\n\n`);
  }

  #end(stream: Stream, ended: boolean): void {
    this.#streams.delete(stream);
    if (ended) stream.res.write('event: ended\ndata: {}\n\n');
    stream.res.end();
  }
}

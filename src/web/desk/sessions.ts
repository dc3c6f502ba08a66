import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { PeopleDirectory, Person } from '../../core/people/index.js';

/** What a web session was opened with: re-checked on every request, so ending it ends the session. */
export type Credential =
  | { readonly kind: 'token'; readonly tokenId: string }
  | { readonly kind: 'discord'; readonly userId: string };

/** One signed-in browser. The cookie holds only its random id; nothing here is a credential's secret. */
export interface WebSession {
  readonly id: string;
  readonly person: string;
  readonly credential: Credential;
  /** The synchronizer token every state-changing form carries. */
  readonly csrf: string;
  readonly startedAt: number;
  lastSeen: number;
  /** One-use ids of forms already posted: a replayed or double-submitted post is refused. */
  readonly posted: Set<string>;
}

/** The session cookie's name; `__Host-` (Secure, path /, no domain) off loopback. */
const NAME = 'omsdesk_desk';
/** A session lasts a working day at most, and ends after an hour unused. */
const LIFE_MS = 12 * 3600_000;
const IDLE_MS = 3600_000;
/** Most sessions at once (the oldest go first), and most form ids remembered per session. */
const MAX_SESSIONS = 5_000;
const MAX_POSTED = 500;

/** Why a request has no session, in words for the page. */
export type SessionRefusal = 'none' | 'expired' | 'ended';

/**
 * The web desk's sessions, in memory (a restart signs everyone out). A session is bound to its person and
 * the credential they signed in with; `current` checks both against the people file and the token journal
 * as they are now, so a revoked token, an unlinked Discord account or a removed person ends it at once.
 */
export class WebSessions {
  readonly #byId = new Map<string, WebSession>();
  readonly #people: Pick<PeopleDirectory, 'byId' | 'tokenActiveFor'>;
  readonly #now: () => number;
  readonly #secure: boolean;
  readonly #ended = new Set<(id: string) => void>();

  constructor(
    people: Pick<PeopleDirectory, 'byId' | 'tokenActiveFor'>,
    publicUrl: string,
    now: () => number,
  ) {
    this.#people = people;
    this.#now = now;
    const url = new URL(publicUrl);
    this.#secure = url.protocol === 'https:';
  }

  get cookieName(): string {
    return this.#secure ? `__Host-${NAME}` : NAME;
  }

  /** Opens a session and returns the Set-Cookie header that carries it. */
  open(person: Person, credential: Credential): { session: WebSession; cookie: string } {
    const now = this.#now();
    const session: WebSession = {
      id: randomBytes(32).toString('base64url'),
      person: person.id,
      credential,
      csrf: randomBytes(32).toString('base64url'),
      startedAt: now,
      lastSeen: now,
      posted: new Set(),
    };
    this.#byId.set(session.id, session);
    if (this.#byId.size > MAX_SESSIONS) this.end(this.#byId.keys().next().value as string);
    return { session, cookie: this.#cookie(session.id, LIFE_MS / 1000) };
  }

  /** The Set-Cookie header that clears the session cookie. */
  clearing(): string {
    return this.#cookie('', 0);
  }

  /** The session a request's cookie names and its person as the people file says now, or why not. */
  async current(
    req: IncomingMessage,
  ): Promise<{ session: WebSession; person: Person } | { refusal: SessionRefusal }> {
    const id = this.idOf(req);
    if (id === undefined) return { refusal: 'none' };
    const session = this.#byId.get(id);
    if (session === undefined) return { refusal: 'expired' };
    const now = this.#now();
    if (now - session.startedAt > LIFE_MS || now - session.lastSeen > IDLE_MS) {
      this.end(id);
      return { refusal: 'expired' };
    }
    const person = await this.stillValid(session);
    if (person === undefined) {
      this.end(id);
      return { refusal: 'ended' };
    }
    session.lastSeen = now;
    return { session, person };
  }

  /** The person a session stands for now, or undefined when its person or credential has ended. */
  async stillValid(session: WebSession): Promise<Person | undefined> {
    if (!this.#byId.has(session.id)) return undefined;
    const person = await this.#people.byId(session.person);
    if (person === undefined) return undefined;
    const { credential } = session;
    const holds =
      credential.kind === 'token'
        ? await this.#people.tokenActiveFor(credential.tokenId, person.id)
        : person.discord === credential.userId;
    return holds ? person : undefined;
  }

  /** The session id a request's cookie carries, if any. */
  idOf(req: IncomingMessage): string | undefined {
    const header = req.headers.cookie;
    if (header === undefined) return undefined;
    const value = parseCookie(header)[this.cookieName];
    return value === undefined || value === '' ? undefined : value;
  }

  /** Whether a posted synchronizer token is this session's (compared in constant time). */
  csrfMatches(session: WebSession, given: string | null): boolean {
    const expected = Buffer.from(session.csrf);
    const actual = Buffer.from(given ?? '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Takes a form's one-use id: false when it was posted before (a replay or a double submit). */
  takeForm(session: WebSession, formId: string): boolean {
    if (session.posted.has(formId)) return false;
    session.posted.add(formId);
    if (session.posted.size > MAX_POSTED)
      session.posted.delete(session.posted.values().next().value as string);
    return true;
  }

  end(id: string): void {
    if (!this.#byId.delete(id)) return;
    for (const listener of this.#ended) listener(id);
  }

  /** Hears of every session that ends (its live streams close). */
  onEnd(listener: (id: string) => void): void {
    this.#ended.add(listener);
  }

  /** Every session open now. */
  list(): WebSession[] {
    return [...this.#byId.values()];
  }

  #cookie(value: string, maxAge: number): string {
    return stringifySetCookie({
      name: this.cookieName,
      value,
      httpOnly: true,
      // Lax, not Strict: a browser back from Discord's sign-in must carry it; a cross-site POST never does.
      sameSite: 'lax',
      secure: this.#secure,
      path: '/',
      maxAge,
    });
  }
}

import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { coalesced } from './fresh.js';
import { type GrantEnder, type GrantFiles, grantCredential } from './grants/grant-files.js';
import type { PeopleSource, PeopleState } from './people-source.js';
import type { Person } from './person.js';
import type { TokenActor } from './tokens/journal.js';
import { OwnTokens } from './tokens/own-tokens.js';
import { sameHash, tokenHash, tokenIdOf } from './tokens/token.js';
import { type EndedGrant, type StoredToken, type TokenStore, tokenStatus } from './tokens/token-store.js';
import type { TokenUseLog } from './tokens/use-log.js';

/** Why a bearer token is refused. */
export type RefusalReason = 'missing' | 'unknown' | 'expired' | 'revoked';

/** The outcome of `authenticate`: the person the token belongs to, or why not, in words to show them. */
export type Authentication =
  | { readonly ok: true; readonly person: Person; readonly tokenId: string; readonly expires: number }
  | { readonly ok: false; readonly reason: RefusalReason; readonly message: string };

const ASK =
  'get a personal token with /token create in the desk’s Discord server, or ask its operator to run omsdesk token issue <your id>';

/** A token refused, and why, in words to show its holder. */
type Refused = Extract<Authentication, { ok: false }>;

const refuse = (reason: RefusalReason, why: string): Refused => ({
  ok: false,
  reason,
  message: `${why}: ${ASK}`,
});

/** Compared against when a token's id is unknown, so an unknown id costs what a wrong secret does. */
const NO_HASH = tokenHash('omsd_000000000000_none');

/**
 * A credential that stopped counting, told once when the directory first sees it: a token revoked (from
 * any process, or because its person left the people file) or a sign-in grant ended (then `tokenId` is
 * its credential, `grant:<id>`), or a person gone from the people file.
 */
export type Ending =
  | { readonly kind: 'token'; readonly tokenId: string; readonly person: string; readonly reason: string }
  | { readonly kind: 'person'; readonly person: string; readonly reason: string };

/** Who revokes the tokens of a person who left the people file. */
const LEFT_THE_FILE: TokenActor = { channel: 'omsdesk', id: 'people-file' };

/** Who revoked a token, in words for a card, a result and the audit log. */
function revokedBy(by: TokenActor | undefined): string {
  if (by?.channel === 'discord') return ` by ${by.id} on Discord`;
  if (by?.channel === 'omsdesk') return ' because its person left the people file';
  return by === undefined ? '' : ' by the operator on the command line';
}

/** Why what a revoked token asked for ends. */
function revokedReason(token: StoredToken): string {
  return `token ${token.id} of ${token.person} was revoked${revokedBy(token.revoked?.by)}`;
}

/** Who ends the sign-in grants of a person who left the people file. */
const GRANT_LEFT_THE_FILE: GrantEnder = { by: LEFT_THE_FILE, why: 'its person left the people file' };

/** Why what an ended sign-in grant asked for ends. */
function grantEndedReason(grant: EndedGrant): string {
  const by = grant.why === undefined ? revokedBy(grant.by) : ` because ${grant.why}`;
  return `sign-in grant ${grant.id} of ${grant.person} was ended${by}`;
}

/** The short id of a grant's credential (`grant:<id>`), or undefined for a personal token's id. */
const grantOf = (credential: string): string | undefined =>
  credential.startsWith('grant:') ? credential.slice('grant:'.length) : undefined;

/** What the directory is built from. */
export interface DirectoryParts {
  readonly people: PeopleSource;
  readonly tokens: TokenStore;
  /** The OAuth grants of sign-in in the data dir: a person ends theirs as they end a token. */
  readonly grants?: GrantFiles;
  readonly clock: Clock;
  readonly logger?: Logger;
  /** Where uses are noted for `omsdesk token list` (only in the process holding the data dir). */
  readonly uses?: TokenUseLog;
  /** Records the journal's news in the audit log (only in the process holding the data dir), awaited. */
  readonly mirror?: { run(): Promise<void> };
}

/**
 * Who is who, for the adapters: the people file and the personal tokens, both looked at again on every
 * call (a `stat` each; re-read only when changed), so a removed or demoted person, or a revoked token,
 * stops on the next request. Nothing here creates a token from a token: the command line issues them, and
 * a linked Discord person their own (`own`).
 */
export class PeopleDirectory {
  /** Each linked person's own tokens (Discord's `/token`). */
  readonly own: OwnTokens;
  readonly #parts: DirectoryParts;
  #people: PeopleState = { ok: false, problem: 'not read yet' };
  #tokensProblem: string | undefined;
  readonly #refresh = coalesced(() => this.#look());
  readonly #ended = new Set<(ending: Ending) => void>();

  constructor(parts: DirectoryParts) {
    this.#parts = parts;
    // Revocations read before now are history: what they started ended with the process that saw them.
    parts.tokens.takeRevoked();
    this.own = new OwnTokens(parts.tokens, parts.clock, () => this.#refresh(), parts.grants);
  }

  /**
   * Tells `listener` of every credential that stops counting from now on, once, as soon as a look sees
   * it (a request, a Discord click, the serving process's regular look); returns the unsubscribe.
   */
  onEnded(listener: (ending: Ending) => void): () => void {
    this.#ended.add(listener);
    return () => this.#ended.delete(listener);
  }

  /**
   * Whether a personal token still counts as of the last look (no I/O): known, neither revoked nor
   * expired, and its person in the people file. For a check that must not await, right after a `refresh`.
   */
  tokenActive(id: string): boolean {
    const token = this.#parts.tokens.get(id);
    if (token === undefined || tokenStatus(token, this.#parts.clock.now()) !== 'active') return false;
    return this.#people.ok && this.#people.byId.has(token.person);
  }

  /**
   * Whether a credential a ticket was asked with still counts as of the last look (no I/O): a personal
   * token as `tokenActive` says, a sign-in grant (`grant:<id>`) until the journal says it ended.
   */
  credentialActive(id: string): boolean {
    const grant = grantOf(id);
    if (grant === undefined) return this.tokenActive(id);
    return this.#people.ok && !this.#parts.tokens.grantEnded(grant);
  }

  /** Reads the people file and the token journal again when they changed. */
  async refresh(): Promise<void> {
    await this.#current();
  }

  /**
   * The person with this id as the people file said at the last look (no I/O): for a check that must
   * not await, right after a `refresh` or a lookup of the same request.
   */
  known(id: string): Person | undefined {
    return this.#people.ok ? this.#people.byId.get(id) : undefined;
  }

  /** The person with this id, as the people file says now. */
  async byId(id: string): Promise<Person | undefined> {
    const state = await this.#current();
    return state.ok ? state.byId.get(id) : undefined;
  }

  /** The person linked to this Discord user id, as the people file says now. */
  async byDiscord(userId: string): Promise<Person | undefined> {
    const state = await this.#current();
    return state.ok ? state.byDiscord.get(userId) : undefined;
  }

  /** Everyone in the people file now (empty while it is invalid). */
  async everyone(): Promise<readonly Person[]> {
    const state = await this.#current();
    return state.ok ? state.list : [];
  }

  /** Why nobody is recognised right now (the people file is invalid or gone); undefined when it is sound. */
  async problem(): Promise<string | undefined> {
    const state = await this.#current();
    return state.ok ? undefined : state.problem;
  }

  /**
   * The person a personal token (the bearer, without `Bearer `) belongs to, checked now: the stored hash
   * compared in constant time, then revocation, expiry and the person's presence in the people file.
   * Expired and revoked are told only to a holder of the right secret.
   */
  async authenticate(bearer: string | undefined): Promise<Authentication> {
    const state = await this.#current();
    const checked = this.#check(bearer);
    return 'stored' in checked ? this.#personal(checked.stored, state, checked.now) : checked;
  }

  /**
   * Whether a bearer may read `/metrics`: a metrics-only token (which never needs the people file), or
   * a personal token `authenticate` accepts.
   */
  async metricsAccess(bearer: string | undefined): Promise<Authentication | { readonly ok: true }> {
    const state = await this.#current();
    const checked = this.#check(bearer);
    if (!('stored' in checked)) return checked;
    if (checked.stored.scope !== 'metrics') return this.#personal(checked.stored, state, checked.now);
    this.#parts.uses?.note(checked.stored.id, checked.now);
    return { ok: true };
  }

  /** The person an active personal token belongs to, in the people file as last read; or why not. */
  #personal(stored: StoredToken, state: PeopleState, now: number): Authentication {
    if (stored.scope === 'metrics')
      return refuse('unknown', 'this token reads /metrics only, and MCP needs a personal token');
    if (!state.ok)
      return refuse('unknown', 'the people file is invalid, so nobody is recognised until it is fixed');
    const person = state.byId.get(stored.person);
    if (person === undefined)
      return refuse('unknown', `"${stored.person}", whose token this is, is no longer in the people file`);
    this.#parts.uses?.note(stored.id, now);
    return { ok: true, person, tokenId: stored.id, expires: stored.expires };
  }

  /** A bearer's stored token while it is active (hash compared in constant time), or why not. */
  #check(bearer: string | undefined): { readonly stored: StoredToken; readonly now: number } | Refused {
    const token = bearer?.trim() ?? '';
    if (token === '') return refuse('missing', 'no personal token was sent');
    if (this.#tokensProblem !== undefined) return refuse('unknown', this.#tokensProblem);
    const id = tokenIdOf(token);
    const stored = id === undefined ? undefined : this.#parts.tokens.get(id);
    const matches = sameHash(tokenHash(token), stored?.hash ?? NO_HASH);
    if (stored === undefined || !matches) return refuse('unknown', 'this token is not a valid omsdesk token');
    const now = this.#parts.clock.now();
    const status = tokenStatus(stored, now);
    if (status === 'active') return { stored, now };
    return refuse(
      status,
      status === 'revoked'
        ? `this token was revoked${revokedBy(stored.revoked?.by)}`
        : 'this token was issued for a time that has ended',
    );
  }

  /**
   * Whether a personal token, known by its id (a web session keeps no secret), is still the person's and
   * active now: checked on every request of a session it opened, so revoking it ends the session.
   */
  async tokenActiveFor(id: string, person: string): Promise<boolean> {
    const state = await this.#current();
    if (!state.ok || this.#tokensProblem !== undefined) return false;
    const stored = this.#parts.tokens.get(id);
    return (
      stored?.person === person &&
      tokenStatus(stored, this.#parts.clock.now()) === 'active' &&
      state.byId.has(person)
    );
  }

  /** Records what is left: the journal's last news in the audit log, the last uses. */
  async close(): Promise<void> {
    await this.#parts.tokens.refresh().catch(() => false);
    await this.#record();
    await this.#parts.uses?.flush();
  }

  async #current(): Promise<PeopleState> {
    await this.#refresh();
    return this.#people;
  }

  async #look(): Promise<void> {
    const [people, changed] = await Promise.all([this.#parts.people.current(), this.#tokensChanged()]);
    const before = this.#people;
    this.#people = people;
    const swept = people.ok && (changed || people !== before) && (await this.#revokeAbsent(people));
    if (changed || swept) await this.#record();
    if (before.ok && people.ok) {
      for (const id of before.byId.keys())
        if (!people.byId.has(id))
          this.#tell({ kind: 'person', person: id, reason: `${id} is no longer in the people file` });
    }
    for (const token of this.#parts.tokens.takeRevoked())
      this.#tell({ kind: 'token', tokenId: token.id, person: token.person, reason: revokedReason(token) });
    for (const grant of this.#parts.tokens.takeEndedGrants())
      this.#tell({
        kind: 'token',
        tokenId: grantCredential(grant.id),
        person: grant.person,
        reason: grantEndedReason(grant),
      });
  }

  /**
   * Revokes, for good, the live tokens and ends the sign-in grants of people the file no longer names: a
   * later entry with the same id is someone they were never given to. True when it revoked any.
   */
  async #revokeAbsent(people: PeopleState & { ok: true }): Promise<boolean> {
    const now = this.#parts.clock.now();
    const gone = new Set(
      this.#parts.tokens
        .list()
        .filter(
          (t) => t.scope === undefined && !people.byId.has(t.person) && tokenStatus(t, now) === 'active',
        )
        .map((t) => t.person),
    );
    try {
      const granted = (await this.#parts.grants?.grants(now)) ?? [];
      for (const grant of granted) if (!people.byId.has(grant.person)) gone.add(grant.person);
      if (gone.size === 0) return false;
      for (const person of gone) {
        await this.#parts.tokens.revokePerson(person, LEFT_THE_FILE, now);
        await this.#parts.grants?.endPerson(person, now, GRANT_LEFT_THE_FILE);
      }
      await this.#parts.tokens.refresh();
    } catch (error) {
      this.#parts.logger?.error('could not revoke the tokens of people who left the people file', {
        error: String(error),
      });
    }
    return true;
  }

  #tell(ending: Ending): void {
    for (const listener of this.#ended) {
      try {
        listener(ending);
      } catch (error) {
        this.#parts.logger?.error('a listener of ended credentials failed', { error: String(error) });
      }
    }
  }

  /** Runs the audit mirror; a failure is logged and retried with the next change, at the stop and the next start. */
  async #record(): Promise<void> {
    await this.#parts.mirror?.run().catch((error: unknown) =>
      this.#parts.logger?.error('could not record token changes in the audit log', {
        error: String(error),
      }),
    );
  }

  /** Whether the journal changed; while it cannot be read, no token is accepted. */
  async #tokensChanged(): Promise<boolean> {
    try {
      const changed = await this.#parts.tokens.refresh();
      this.#tokensProblem = undefined;
      return changed;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      if (this.#tokensProblem === undefined)
        this.#parts.logger?.error(
          `the token journal cannot be read (${code}): no token is accepted until it can`,
        );
      this.#tokensProblem = 'the desk cannot read its tokens right now';
      return false;
    }
  }
}

import type { Clock } from '../../clock.js';
import type { GrantFiles, GrantInfo } from '../grants/grant-files.js';
import type { Person } from '../person.js';
import type { TokenActor } from './journal.js';
import type { NewToken } from './token.js';
import { type StoredToken, TokenError, type TokenStore, tokenStatus } from './token-store.js';

/** Days a token lives when its person does not say (as `omsdesk token issue`). */
export const DEFAULT_TOKEN_DAYS = 90;

/**
 * A person's own personal tokens, for the person themselves (Discord's `/token`): issued, listed and
 * revoked only as theirs, each recorded as done by them through Discord. Identity comes from the caller's
 * platform (a linked Discord user), never from a token: no token can make another.
 */
export class OwnTokens {
  constructor(
    private readonly store: TokenStore,
    private readonly clock: Clock,
    /** Records the journal's news in the audit log at once (the directory's look). */
    private readonly recorded: () => Promise<void>,
    /** The OAuth grants of sign-in, when it runs. */
    private readonly grantFiles?: GrantFiles,
  ) {}

  /** The assistants the person let in by sign-in (OAuth grants), oldest first. */
  async grants(person: string): Promise<GrantInfo[]> {
    return ((await this.grantFiles?.grants(this.clock.now())) ?? []).filter((g) => g.person === person);
  }

  /** A new token for the person, shown once to them alone; only its hash is kept. */
  async issue(person: Person, days = DEFAULT_TOKEN_DAYS): Promise<NewToken & { readonly expires: number }> {
    const made = await this.store.issue(person.id, days, this.#by(person.id), this.clock.now());
    await this.recorded();
    return made;
  }

  /** The person's tokens, oldest first, each with where it stands now. */
  async list(person: string): Promise<Array<StoredToken & { readonly status: string }>> {
    await this.store.refresh();
    const now = this.clock.now();
    return this.store
      .list()
      .filter((t) => t.person === person)
      .map((t) => ({ ...t, status: tokenStatus(t, now) }));
  }

  /** Revokes one of the person's tokens; another person's token reads as unknown (its id says nothing). */
  async revoke(person: string, id: string): Promise<StoredToken | GrantInfo> {
    await this.store.refresh();
    const token = this.store.get(id);
    if (token === undefined || token.person !== person) {
      // Not a token of theirs: one of their grants, ended with every token it gave.
      const grant = await this.grantFiles?.endById(id, this.clock.now(), { by: this.#by(person) }, person);
      if (grant !== undefined) {
        // The directory's look hears of the ending at once, as of a revoked token.
        await this.recorded();
        return grant;
      }
      throw new TokenError(`you have no token "${id}" (/token list shows yours)`);
    }
    const revoked = await this.store.revoke(id, this.#by(person), this.clock.now());
    await this.recorded();
    return revoked;
  }

  #by(person: string): TokenActor {
    return { channel: 'discord', id: person };
  }
}

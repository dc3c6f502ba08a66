import type { Logger } from '../../logger.js';
import { toIstIso } from '../../time/ist.js';
import { fileSignature } from '../file-signature.js';
import { coalesced } from '../fresh.js';
import { appendRecord, type JournalRecord, readJournal, type TokenActor } from './journal.js';
import { type NewToken, newToken } from './token.js';

/** A token as stored: whose it is, its hash, its life; where in the journal it was issued and revoked. */
export interface StoredToken {
  readonly id: string;
  readonly person: string;
  readonly hash: string;
  readonly created: number;
  /** When it stops working; `Infinity` for a token that never expires (a metrics-only token). */
  readonly expires: number;
  /** `metrics`: it reads `/metrics` and nothing else, and belongs to a scraper, not a person. */
  readonly scope?: 'metrics';
  readonly issuedBy: TokenActor;
  readonly revoked?: { readonly at: number; readonly by: TokenActor };
  /** Byte offsets of the journal lines that issued and revoked it. */
  readonly journal: { readonly issue: number; readonly revoke?: number };
}

/** A sign-in grant ended, as the journal says: its short id, whose it was, who ended it and why. */
export interface EndedGrant {
  readonly id: string;
  readonly person: string;
  readonly by: TokenActor;
  readonly why?: string;
  /** Byte offset of the journal line that ended it. */
  readonly journal: number;
}

/** Where a token stands at a moment. */
export type TokenStatus = 'active' | 'expired' | 'revoked';

/** A token's status at `now`. */
export function tokenStatus(token: StoredToken, now: number): TokenStatus {
  if (token.revoked !== undefined) return 'revoked';
  return now >= token.expires ? 'expired' : 'active';
}

/** A token command that cannot be done as asked (an unknown id, a token already revoked). */
export class TokenError extends Error {
  override readonly name = 'TokenError';
}

const DAY_MS = 86_400_000;

/** What a metrics-only token's owner is listed as: `metrics:<scraper>`, never a person's id. */
export const METRICS_PREFIX = 'metrics:';

/**
 * The personal tokens of a data dir, from its append-only journal (`tokens.jsonl`). Any process may
 * append (the command line while the server runs, later the server itself); each reader catches up by
 * reading only the bytes added since its last look, so a check per request costs a `stat` and the news.
 */
export class TokenStore {
  readonly path: string;
  readonly #logger: Logger | undefined;
  readonly #tokens = new Map<string, StoredToken>();
  #read: { end: number; file: string | undefined } = { end: 0, file: undefined };
  /** The journal's signature when last read: while it holds, a look costs one `stat`. */
  #seen: string | undefined = 'not read yet';
  #changed = false;
  /** Tokens revoked since the last `takeRevoked`, in journal order. */
  #revokedNews: StoredToken[] = [];
  /** Sign-in grants ended, by short id; and those ended since the last `takeEndedGrants`. */
  readonly #endedGrants = new Map<string, EndedGrant>();
  #endedGrantNews: EndedGrant[] = [];
  readonly #refresh = coalesced(() => this.#catchUp());

  constructor(path: string, logger?: Logger) {
    this.path = path;
    this.#logger = logger;
  }

  /** Reads what was added to the journal since the last look; true when anything changed. */
  async refresh(): Promise<boolean> {
    await this.#refresh();
    const changed = this.#changed;
    this.#changed = false;
    return changed;
  }

  /** Where the journal has been read to (the audit mirror records up to here). */
  get end(): number {
    return this.#read.end;
  }

  /** One token by id, as of the last refresh. */
  get(id: string): StoredToken | undefined {
    return this.#tokens.get(id);
  }

  /** The tokens whose revocation was read since the last call (whoever refreshed), to end what they started. */
  takeRevoked(): StoredToken[] {
    const news = this.#revokedNews;
    this.#revokedNews = [];
    return news;
  }

  /** The sign-in grants whose ending was read since the last call, to end what they started. */
  takeEndedGrants(): EndedGrant[] {
    const news = this.#endedGrantNews;
    this.#endedGrantNews = [];
    return news;
  }

  /** Whether the journal says this grant (by short id) ended, as of the last refresh. */
  grantEnded(id: string): boolean {
    return this.#endedGrants.has(id);
  }

  /** Every grant ending, in journal order, as of the last refresh (for the audit mirror). */
  endedGrants(): EndedGrant[] {
    return [...this.#endedGrants.values()];
  }

  /** Every token, oldest first, as of the last refresh. */
  list(): StoredToken[] {
    return [...this.#tokens.values()];
  }

  /** Issues a token for a person (who must be checked by the caller), valid `days` days from `now`. */
  async issue(
    person: string,
    days: number,
    by: TokenActor,
    now: number,
  ): Promise<NewToken & { expires: number }> {
    const made = newToken();
    const expires = now + days * DAY_MS;
    await appendRecord(this.path, {
      op: 'issue',
      id: made.id,
      person,
      hash: made.hash,
      at: toIstIso(now),
      expires: toIstIso(expires),
      by,
    });
    return { ...made, expires };
  }

  /**
   * Issues a token that reads `/metrics` and nothing else, for the scraper `name` (listed as
   * `metrics:<name>`); it never expires, and is revoked like any other.
   */
  async issueMetrics(name: string, by: TokenActor, now: number): Promise<NewToken> {
    const made = newToken();
    await appendRecord(this.path, {
      op: 'issue',
      id: made.id,
      person: `${METRICS_PREFIX}${name}`,
      hash: made.hash,
      at: toIstIso(now),
      scope: 'metrics',
      by,
    });
    return made;
  }

  /** Revokes one token; refuses an unknown id and a token already revoked. */
  async revoke(id: string, by: TokenActor, now: number): Promise<StoredToken> {
    await this.refresh();
    const token = this.#tokens.get(id);
    if (token === undefined) throw new TokenError(`no token "${id}" (omsdesk token list shows them)`);
    if (token.revoked !== undefined) throw new TokenError(`token ${id} was already revoked`);
    await appendRecord(this.path, { op: 'revoke', id, at: toIstIso(now), by });
    return token;
  }

  /** Revokes every token of a person that is neither revoked nor expired; returns them. */
  async revokePerson(person: string, by: TokenActor, now: number): Promise<StoredToken[]> {
    await this.refresh();
    const active = this.list().filter((t) => t.person === person && tokenStatus(t, now) === 'active');
    for (const token of active)
      await appendRecord(this.path, { op: 'revoke', id: token.id, at: toIstIso(now), by });
    return active;
  }

  async #catchUp(): Promise<void> {
    // Taken before reading, so an append during the read shows at the next look.
    const signature = await fileSignature(this.path);
    if (signature === this.#seen) return;
    const read = await readJournal(this.path, this.#read);
    if (read.restarted) {
      this.#logger?.warn(
        `token journal ${this.path} was replaced or cut: its tokens are read again from the start`,
      );
      this.#tokens.clear();
      this.#endedGrants.clear();
      this.#changed = true;
    }
    for (const offset of read.unreadable) {
      this.#logger?.warn(
        `token journal ${this.path}: the line at byte ${offset} is not a record and is ignored`,
      );
    }
    for (const { record, offset } of read.records) this.#apply(record, offset);
    this.#read = { end: read.end, file: read.file };
    this.#seen = signature;
  }

  #apply(record: JournalRecord, offset: number): void {
    if (record.op === 'end-grant') {
      if (this.#endedGrants.has(record.id)) return;
      const { id, person, by, why } = record;
      const ended: EndedGrant = { id, person, by, ...(why === undefined ? {} : { why }), journal: offset };
      this.#endedGrants.set(id, ended);
      this.#endedGrantNews.push(ended);
      this.#changed = true;
      return;
    }
    const known = this.#tokens.get(record.id);
    if (record.op === 'issue') {
      // An id is random and issued once; a repeat is not trusted to replace the first.
      if (known !== undefined) return;
      this.#tokens.set(record.id, {
        id: record.id,
        person: record.person,
        hash: record.hash,
        created: Date.parse(record.at),
        expires: record.expires === undefined ? Number.POSITIVE_INFINITY : Date.parse(record.expires),
        ...(record.scope === undefined ? {} : { scope: record.scope }),
        issuedBy: record.by,
        journal: { issue: offset },
      });
    } else {
      // A revocation of an unknown or already revoked token changes nothing (two revokes that raced).
      if (known === undefined || known.revoked !== undefined) return;
      const revoked: StoredToken = {
        ...known,
        revoked: { at: Date.parse(record.at), by: record.by },
        journal: { ...known.journal, revoke: offset },
      };
      this.#tokens.set(record.id, revoked);
      this.#revokedNews.push(revoked);
    }
    this.#changed = true;
  }
}

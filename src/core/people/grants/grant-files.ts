import { createHash } from 'node:crypto';
import { appendFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextIfPresent, writeAtomically } from '../../data-dir/files.js';
import { toIstIso } from '../../time/ist.js';
import { tokenFiles } from '../tokens/files.js';
import { appendRecord, type TokenActor } from '../tokens/journal.js';

/** One record of the sign-in's store: what the OAuth library saved, without its secret id. */
export interface StoredRecord {
  readonly payload: Readonly<Record<string, unknown>>;
  /** Milliseconds; absent: kept until removed. */
  readonly expires?: number;
}

/** A grant as `omsdesk token list` shows it: a person's assistant allowed in by sign-in. */
export interface GrantInfo {
  /** A short id, for `omsdesk token revoke <id>` and `/token revoke`. */
  readonly id: string;
  readonly person: string;
  /** The client's name as it registered, or its client id. */
  readonly client: string;
  readonly created: number;
  readonly expires?: number;
}

/** Who ends a grant whose time ran out. */
const EXPIRED: GrantEnder = { by: { channel: 'omsdesk', id: 'sign-in' }, why: 'its 30 days ran out' };

/** The hash a record is filed under: the id itself (a token, a code) is never written. */
export const recordKey = (id: string): string => createHash('sha256').update(id).digest('hex');

/** A grant's short id: the start of its key. */
const shortId = (key: string): string => key.slice(0, 12);

/** The short id `omsdesk token list` shows for a grant. */
export const grantShortId = (grantId: string): string => shortId(recordKey(grantId));

/**
 * The credential a grant's requests are recorded with (`Actor.credential`), beside personal tokens' ids:
 * `grant:<short id>`, never a token.
 */
export const grantCredential = (shortGrantId: string): string => `grant:${shortGrantId}`;

/** Who ended a grant and why, for the token journal (and the cards and results that say so). */
export interface GrantEnder {
  readonly by: TokenActor;
  /** Why omsdesk itself ended it (a reused refresh token, its time ran out, its person left). */
  readonly why?: string;
}

/** The folder of the sign-in's records in a data dir. */
export const grantFolder = (dataDir: string): string => join(dataDir, 'oauth');

/** Where the grants' last uses are recorded (as the tokens' are, at most about once a minute). */
export const grantUsesFile = (dataDir: string): string => join(grantFolder(dataDir), 'grants-used.json');

/**
 * The OAuth grants, their tokens and registered clients in the data dir (`oauth/`): one file per record
 * named by the SHA-256 of its id, so codes and tokens are kept only as hashes, and a grant ended by
 * another process (`omsdesk token revoke`) is gone for the server's next look. Each grant lists the
 * records issued under it, so ending it removes them all. Every ending is first written to the token
 * journal (`end-grant`), so the serving process hears of it as of a revoked token and ends what the grant
 * started (its waiting tickets, its MCP sessions and streams).
 */
export class GrantFiles {
  readonly #dir: string;
  readonly #journal: string;

  constructor(dataDir: string) {
    this.#dir = grantFolder(dataDir);
    this.#journal = tokenFiles(dataDir).journal;
  }

  #path(model: string, id: string): string {
    return join(this.#dir, model, `${recordKey(id)}.json`);
  }

  /** Saves a record (its payload already stripped of secrets by the caller). */
  async put(model: string, id: string, record: StoredRecord): Promise<void> {
    await writeAtomically(this.#path(model, id), JSON.stringify(record));
    const grantId = record.payload.grantId;
    if (typeof grantId === 'string' && model !== 'Grant') {
      const index = join(this.#dir, 'by-grant', `${recordKey(grantId)}.txt`);
      await mkdir(join(this.#dir, 'by-grant'), { recursive: true });
      await appendFile(index, `${model} ${recordKey(id)}\n`, { mode: 0o600 });
    }
  }

  /** A record, or undefined when absent, unreadable or past its time (then removed). */
  async get(model: string, id: string, now: number): Promise<StoredRecord | undefined> {
    const text = await readTextIfPresent(this.#path(model, id));
    if (text === undefined) return undefined;
    let record: StoredRecord;
    try {
      record = JSON.parse(text) as StoredRecord;
    } catch {
      return undefined;
    }
    if (record.expires !== undefined && record.expires <= now) {
      await this.remove(model, id);
      return undefined;
    }
    return record;
  }

  async remove(model: string, id: string): Promise<void> {
    await rm(this.#path(model, id), { force: true });
  }

  /**
   * Removes the records past their time (codes and tokens nobody will look up again), so the folder holds
   * what is in force, not everything ever issued. Returns how many went.
   */
  async sweep(now: number): Promise<number> {
    let removed = 0;
    for (const model of ['AccessToken', 'AuthorizationCode', 'RefreshToken', 'Grant']) {
      const folder = join(this.#dir, model);
      const files = await readdir(folder).catch(() => [] as string[]);
      for (const file of files.filter((f) => /^[0-9a-f]{64}\.json$/.test(f))) {
        const text = await readTextIfPresent(join(folder, file)).catch(() => undefined);
        let expires: number | undefined;
        try {
          expires = text === undefined ? undefined : (JSON.parse(text) as StoredRecord).expires;
        } catch {
          continue;
        }
        if (expires !== undefined && expires <= now) {
          if (model === 'Grant') await this.#endKey(file.slice(0, 64), EXPIRED, now);
          else await rm(join(folder, file), { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** Ends a grant: the grant and every code and token issued under it. */
  async endGrant(grantId: string, ender: GrantEnder, now: number): Promise<void> {
    await this.#endKey(recordKey(grantId), ender, now);
  }

  async #endKey(key: string, ender: GrantEnder, now: number): Promise<void> {
    const index = join(this.#dir, 'by-grant', `${key}.txt`);
    const person = await this.#personOf(key);
    // Journaled before the files go: a failure leaves the grant ended for the gate, never half-ended.
    if (person !== undefined)
      await appendRecord(this.#journal, {
        op: 'end-grant',
        id: shortId(key),
        person,
        at: toIstIso(now),
        by: ender.by,
        ...(ender.why === undefined ? {} : { why: ender.why }),
      });
    await rm(join(this.#dir, 'Grant', `${key}.json`), { force: true });
    const listed = (await readTextIfPresent(index)) ?? '';
    for (const line of listed.split('\n')) {
      const [model, record] = line.split(' ');
      if (
        model !== undefined &&
        record !== undefined &&
        /^[A-Za-z]+$/.test(model) &&
        /^[0-9a-f]{64}$/.test(record)
      )
        await rm(join(this.#dir, model, `${record}.json`), { force: true });
    }
    await rm(index, { force: true });
  }

  /** The person a grant (by its key) was given by; undefined when it is gone or unreadable. */
  async #personOf(key: string): Promise<string | undefined> {
    const text = await readTextIfPresent(join(this.#dir, 'Grant', `${key}.json`));
    try {
      const accountId = text === undefined ? undefined : (JSON.parse(text) as StoredRecord).payload.accountId;
      return typeof accountId === 'string' ? accountId : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every grant still in force, oldest first. */
  async grants(now: number): Promise<GrantInfo[]> {
    const files = await readdir(join(this.#dir, 'Grant')).catch(() => [] as string[]);
    const out: GrantInfo[] = [];
    for (const file of files.filter((f) => /^[0-9a-f]{64}\.json$/.test(f))) {
      const key = file.slice(0, 64);
      const text = await readTextIfPresent(join(this.#dir, 'Grant', file));
      if (text === undefined) continue;
      let record: StoredRecord;
      try {
        record = JSON.parse(text) as StoredRecord;
      } catch {
        continue;
      }
      if (record.expires !== undefined && record.expires <= now) continue;
      const { accountId, clientId, iat } = record.payload;
      if (typeof accountId !== 'string' || typeof clientId !== 'string') continue;
      out.push({
        id: shortId(key),
        person: accountId,
        client: await this.#clientName(clientId, now),
        created: typeof iat === 'number' ? iat * 1000 : 0,
        ...(record.expires === undefined ? {} : { expires: record.expires }),
      });
    }
    return out.sort((a, b) => a.created - b.created);
  }

  async #clientName(clientId: string, now: number): Promise<string> {
    const client = await this.get('Client', clientId, now);
    const name = client?.payload.client_name;
    return typeof name === 'string' && name !== '' ? `${name} (${clientId})` : clientId;
  }

  /** Ends every grant of a person; returns them. */
  async endPerson(person: string, now: number, ender: GrantEnder): Promise<GrantInfo[]> {
    const ended = (await this.grants(now)).filter((g) => g.person === person);
    for (const g of ended) await this.#endShort(g.id, ender, now);
    return ended;
  }

  /** Ends the grant with this short id (of this person, when given); undefined when there is none. */
  async endById(id: string, now: number, ender: GrantEnder, person?: string): Promise<GrantInfo | undefined> {
    const grant = (await this.grants(now)).find(
      (g) => g.id === id && (person === undefined || g.person === person),
    );
    if (grant !== undefined) await this.#endShort(grant.id, ender, now);
    return grant;
  }

  async #endShort(id: string, ender: GrantEnder, now: number): Promise<void> {
    const files = await readdir(join(this.#dir, 'Grant')).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.startsWith(id) && f.endsWith('.json')))
      await this.#endKey(file.slice(0, 64), ender, now);
  }
}

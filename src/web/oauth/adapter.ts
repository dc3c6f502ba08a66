import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { GrantEnder, GrantFiles } from '../../core/people/index.js';

/** What outlives a restart: grants, their codes and tokens, and registered clients. The rest stays in memory. */
const DURABLE = new Set(['Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken', 'Client']);

/** Most records kept in memory per model (browser sessions, interactions): the oldest go first. */
const MEMORY_LIMIT = 5_000;

/** Who ends a grant the library revokes: a code or refresh token of it used twice, or its client revoking it. */
const LIBRARY_ENDED: GrantEnder = {
  by: { channel: 'omsdesk', id: 'sign-in' },
  why: 'a code or refresh token of it was used twice, or its client revoked it',
};

/** A client secret as kept: its SHA-256, compared by `hashedSecretMatches`. */
export const secretHash = (secret: string): string =>
  `sha256:${createHash('sha256').update(secret).digest('hex')}`;

/**
 * The library's storage, on the data dir's grant files: each record filed under the hash of its id,
 * its id (the code or token itself, `jti`) left out of what is written and given back on a lookup by it,
 * a registered client's secret kept as its hash. Sessions and interactions live in memory.
 */
export function grantAdapter(
  files: GrantFiles,
  now: () => number = Date.now,
): new (
  model: string,
) => Adapter {
  const memory = new Map<string, Map<string, { payload: AdapterPayload; expires?: number }>>();
  const uids = new Map<string, string>();
  // The library revokes a grant from every model at once (and destroys the Grant beside): one ending each.
  const ending = new Map<string, Promise<void>>();
  const endGrant = (grantId: string): Promise<void> => {
    let running = ending.get(grantId);
    if (running === undefined) {
      running = files.endGrant(grantId, LIBRARY_ENDED, now()).finally(() => ending.delete(grantId));
      ending.set(grantId, running);
    }
    return running;
  };
  return class GrantAdapter implements Adapter {
    readonly #model: string;

    constructor(model: string) {
      this.#model = model;
    }

    #memory() {
      let map = memory.get(this.#model);
      if (map === undefined) {
        map = new Map();
        memory.set(this.#model, map);
      }
      return map;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expires = expiresIn > 0 ? now() + expiresIn * 1000 : undefined;
      if (!DURABLE.has(this.#model)) {
        const map = this.#memory();
        map.delete(id);
        map.set(id, { payload, ...(expires === undefined ? {} : { expires }) });
        if (map.size > MEMORY_LIMIT) map.delete(map.keys().next().value as string);
        if (typeof payload.uid === 'string') uids.set(`${this.#model}:${payload.uid}`, id);
        return;
      }
      const { jti: _id, ...rest } = payload;
      const kept: Record<string, unknown> = { ...rest };
      if (typeof kept.client_secret === 'string') kept.client_secret = secretHash(kept.client_secret);
      await files.put(this.#model, id, { payload: kept, ...(expires === undefined ? {} : { expires }) });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!DURABLE.has(this.#model)) {
        const found = this.#memory().get(id);
        if (found === undefined) return undefined;
        if (found.expires !== undefined && found.expires <= now()) {
          this.#memory().delete(id);
          return undefined;
        }
        return found.payload;
      }
      const record = await files.get(this.#model, id, now());
      if (record === undefined) return undefined;
      const payload = { ...record.payload } as AdapterPayload;
      return this.#model === 'Client' ? payload : { ...payload, jti: id };
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = uids.get(`${this.#model}:${uid}`);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const found = await this.find(id);
      if (found === undefined) return;
      const stamped = { ...found, consumed: Math.floor(now() / 1000) };
      const left = typeof found.exp === 'number' ? found.exp - Math.floor(now() / 1000) : 0;
      await this.upsert(id, stamped, left);
    }

    async destroy(id: string): Promise<void> {
      if (this.#model === 'Grant') await endGrant(id);
      else if (DURABLE.has(this.#model)) await files.remove(this.#model, id);
      else this.#memory().delete(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await endGrant(grantId);
    }
  };
}

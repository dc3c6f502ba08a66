import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What every personal token starts with, so a leaked one is recognisable (and scannable) as omsdesk's. */
export const TOKEN_PREFIX = 'omsd_';

/** A token's id: 12 hex digits, not secret (listed, audited, used to revoke). */
export const TOKEN_ID = /^[0-9a-f]{12}$/;

/** `omsd_<id>_<secret>`: the id picks the stored hash; the secret is 32 random bytes, base64url. */
const SHAPE = /^omsd_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

/** A token just made: given to its person once; only `hash` is ever stored. */
export interface NewToken {
  readonly id: string;
  readonly token: string;
  readonly hash: string;
}

/** SHA-256 of a token, hex: what the store keeps (the token has 256 random bits, so no slow hash is needed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token with a fresh id and 256 bits of secret. */
export function newToken(): NewToken {
  const id = randomBytes(6).toString('hex');
  const token = `${TOKEN_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, token, hash: tokenHash(token) };
}

/** The id of a well-formed token; undefined for anything else. */
export function tokenIdOf(token: string): string | undefined {
  return SHAPE.exec(token)?.[1];
}

/** Whether two SHA-256 hex digests are equal, in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

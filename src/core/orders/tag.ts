import { randomBytes } from 'node:crypto';

/** What a caller-chosen tag may look like: it must survive the broker's `remarks` field unchanged. */
export const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:_.-]{2,31}$/;

/** Longest `remarks` text sent (tag included); the caller's text is cut, never the tag. */
export const DEFAULT_REMARKS_MAX_LENGTH = 64;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A fresh tag such as `od-7k2m9x4q`: 40 random bits, short enough to leave room for the caller's remarks. */
export function newTag(bytes: (size: number) => Uint8Array = randomBytes): string {
  const random = bytes(5);
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 8; i += 1) {
    out = (ALPHABET[Number(bits & 31n)] ?? '0') + out;
    bits >>= 5n;
  }
  return `od-${out}`;
}

/** The `remarks` sent: the tag first, then the caller's text (whitespace collapsed) cut to `maxLength`. */
export function composeRemarks(
  tag: string,
  remarks: string | undefined,
  maxLength = DEFAULT_REMARKS_MAX_LENGTH,
): string {
  const text = (remarks ?? '').replace(/\s+/g, ' ').trim();
  if (text === '' || text === tag) return tag;
  return `${tag} ${text}`.slice(0, Math.max(maxLength, tag.length)).trimEnd();
}

/** True when `remarks` carries `tag` as a whole word (so `t-1` never matches `t-12`). */
export function remarksHaveTag(remarks: string | undefined, tag: string): boolean {
  return (remarks ?? '').split(/\s+/).includes(tag);
}

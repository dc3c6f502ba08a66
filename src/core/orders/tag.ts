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

/** Words shaped like a tag omsdesk writes (a gate ticket's `omsdesk:…` or a client `od-…` tag). */
const TAG_SHAPED = /^(?:omsdesk:\S*|od-[0-9a-z]{8})$/i;

/** The words of a caller's remarks that look like an omsdesk tag (they could make an order pass for another's). */
export function tagShapedWords(remarks: string | undefined): string[] {
  return (remarks ?? '').split(/\s+/).filter((word) => TAG_SHAPED.test(word));
}

/**
 * The `remarks` sent: the tag first, then the caller's text (whitespace collapsed, tag-shaped words
 * dropped, so one order can never claim another's tag) cut to `maxLength`.
 */
export function composeRemarks(
  tag: string,
  remarks: string | undefined,
  maxLength = DEFAULT_REMARKS_MAX_LENGTH,
): string {
  const text = (remarks ?? '')
    .split(/\s+/)
    .filter((word) => word !== '' && !TAG_SHAPED.test(word))
    .join(' ');
  if (text === '') return tag;
  return `${tag} ${text}`.slice(0, Math.max(maxLength, tag.length)).trimEnd();
}

/** True when `remarks` starts with `tag` as a whole word: the tag is always written first, nowhere else. */
export function remarksHaveTag(remarks: string | undefined, tag: string): boolean {
  return (remarks ?? '').trimStart().split(/\s+/, 1)[0] === tag;
}

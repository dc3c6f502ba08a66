import { randomBytes } from 'node:crypto';
import { TICKET_ID } from './ticket-id.js';

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

const TICKET_TAG_PREFIX = 'omsdesk:';
const TICKET_TAG = new RegExp(`^${TICKET_TAG_PREFIX}(${TICKET_ID.source})(?:\\.(\\d{1,2}))?$`, 'i');
const CLIENT_TAG = /^od-[0-9a-z]{8}$/i;

/** The tag of a ticket's orders (`omsdesk:T7K2M9X4Q`, `.2` after it for a leg): it settles an ambiguous outcome. */
export function ticketTag(ticketId: string, leg?: number): string {
  return leg === undefined ? `${TICKET_TAG_PREFIX}${ticketId}` : `${TICKET_TAG_PREFIX}${ticketId}.${leg}`;
}

/** The ticket (upper case) and leg a ticket's tag names; undefined for any other word. */
export function readTicketTag(word: string): { ticketId: string; leg?: number } | undefined {
  const match = TICKET_TAG.exec(word);
  if (!match) return undefined;
  const ticketId = (match[1] as string).toUpperCase();
  return match[2] === undefined ? { ticketId } : { ticketId, leg: Number(match[2]) };
}

/** True for a tag shaped like those `newTag` makes. */
export function isClientTag(word: string): boolean {
  return CLIENT_TAG.test(word);
}

/** Words shaped like a tag omsdesk writes (a gate ticket's `omsdesk:…` or a client `od-…` tag). */
const isTagShaped = (word: string): boolean =>
  word.toLowerCase().startsWith(TICKET_TAG_PREFIX) || isClientTag(word);

/** The words of a caller's remarks that look like an omsdesk tag (they could make an order pass for another's). */
export function tagShapedWords(remarks: string | undefined): string[] {
  return (remarks ?? '').split(/\s+/).filter(isTagShaped);
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
    .filter((word) => word !== '' && !isTagShaped(word))
    .join(' ');
  if (text === '') return tag;
  return `${tag} ${text}`.slice(0, Math.max(maxLength, tag.length)).trimEnd();
}

/** True when `remarks` starts with `tag` as a whole word: the tag is always written first, nowhere else. */
export function remarksHaveTag(remarks: string | undefined, tag: string): boolean {
  return (remarks ?? '').trimStart().split(/\s+/, 1)[0] === tag;
}

import { randomBytes } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** What a ticket id looks like, in any letter case: `T` and 8 characters of an unambiguous alphabet. */
export const TICKET_ID_PATTERN = /^[Tt][A-Za-z0-9]{8}$/;

/** A short ticket id people can read out (`T7K2M9X4Q`): 8 random characters after a `T`. */
export function newTicketId(): string {
  return `T${[...randomBytes(8)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

/** Ticket ids are case-insensitive (people type them): one spelling for lookups. */
export function normalizeTicketId(id: string): string {
  return String(id ?? '')
    .trim()
    .toUpperCase();
}

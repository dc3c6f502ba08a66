import { customRandom, random } from 'nanoid';

const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** A ticket id inside other text (a tag, a URI, a button's id), in any letter case: `T` and 8 letters or digits. */
export const TICKET_ID = /[Tt][A-Za-z0-9]{8}/;

/** What a ticket id looks like, in any letter case: `T` and 8 characters of an unambiguous alphabet. */
export const TICKET_ID_PATTERN = new RegExp(`^${TICKET_ID.source}$`);

/**
 * Ticket ids people can read out (`T7K2M9X4Q`): 8 characters after a `T`, drawn from `bytes` (secure
 * random by default). Each character is equally likely: nanoid drops the bytes a plain modulo would
 * map to the first characters more often.
 */
export function ticketIds(bytes: (size: number) => Uint8Array = random): () => string {
  const draw = customRandom(ID_ALPHABET, 8, bytes);
  return () => `T${draw()}`;
}

/** A new random ticket id. */
export const newTicketId = ticketIds();

/** Ticket ids are case-insensitive (people type them): one spelling for lookups. */
export function normalizeTicketId(id: string): string {
  return String(id ?? '')
    .trim()
    .toUpperCase();
}

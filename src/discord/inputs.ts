import { readIstTime } from '../core/client/validate.js';
import { normalizeTicketId, type ResolvedRef, resolveInstrumentRef } from '../core/gate/index.js';
import type { Exchange, Product } from '../core/vocabulary/index.js';
import { DeskInputError } from './errors.js';
/** An instrument resolved for a broker call (the gate's resolution, shared with the MCP server). */
export type Resolved = ResolvedRef;

/** What was typed, resolved through the catalogue; otherwise the gate's refusal with "did you mean". */
export const resolveInstrument = resolveInstrumentRef;

/** The product an order uses when none is named: carry-forward on NFO, delivery elsewhere. */
export function defaultProduct(exchange: Exchange | string): Product {
  return exchange === 'NFO' ? 'M' : 'C';
}

/** An instant from what people type, read in IST: "now", "today", "09:15" (today), dates, date-times. */
export function parseIstTime(text: string, nowMs: number, option: string): number {
  const ms = readIstTime(text, nowMs);
  if (ms === undefined) {
    throw new DeskInputError(
      `${option} "${text.trim().slice(0, 40)}" is not a time`,
      'write it in IST as "2026-11-20 09:15", "2026-11-20", "09:15" or "now"',
    );
  }
  return ms;
}

/** A ticket id as the gate keys it: ids are case-insensitive, kept in upper case. */
export const ticketId = normalizeTicketId;

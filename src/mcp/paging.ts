import { z } from 'zod';
import { ToolInputError } from './errors.js';
import { atMost } from './fields.js';

/** The `limit` argument of a list tool, with its bounds (its name, default and maximum say it all). */
export function limitField(defaultLimit: number, max: number) {
  return z.number().int().min(1).max(max).default(defaultLimit);
}

/** The `cursor` argument of a list tool: a `nextCursor` a page answered. */
export const cursorField = atMost(200).optional();

/** One page of a list, with where the next one starts. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly nextCursor?: string;
}

/** The cursor that starts at `offset` of the list named `scope`. */
export function encodeCursor(scope: string, offset: number): string {
  return Buffer.from(JSON.stringify({ s: scope, o: offset }), 'utf8').toString('base64url');
}

/** The offset a cursor points at (0 without one); a cursor from another list or a made-up one is refused. */
export function decodeCursor(scope: string, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      s?: unknown;
      o?: unknown;
    };
    if (parsed.s === scope && Number.isSafeInteger(parsed.o) && (parsed.o as number) >= 0)
      return parsed.o as number;
  } catch {
    // Falls through to the refusal below.
  }
  throw new ToolInputError(
    'the cursor is not one this tool gave out',
    'call again without a cursor to start from the first page',
  );
}

/** A page of `items` from the cursor's offset. */
export function page<T>(
  items: readonly T[],
  limit: number,
  cursor: string | undefined,
  scope: string,
): Page<T> {
  const offset = decodeCursor(scope, cursor);
  const end = offset + limit;
  return {
    items: items.slice(offset, end),
    total: items.length,
    ...(end < items.length ? { nextCursor: encodeCursor(scope, end) } : {}),
  };
}

/** How a page reads in text: "3 of 12; more with nextCursor". */
export function pageNote(p: Page<unknown>): string {
  const more = p.nextCursor === undefined ? '' : '; more with nextCursor';
  return `${p.items.length} of ${p.total}${more}`;
}

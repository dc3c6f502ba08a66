import { describe, expect, it } from 'vitest';
import {
  newTicketId,
  normalizeTicketId,
  TICKET_ID_PATTERN,
  ticketIds,
} from '../../../src/core/orders/ticket-id.js';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

describe('ticket ids', () => {
  it('keep their format: T and 8 characters of the unambiguous alphabet, accepted in any letter case', () => {
    const ids = Array.from({ length: 500 }, () => newTicketId());
    for (const id of ids) {
      expect(id).toMatch(/^T[ABCDEFGHJKMNPQRSTVWXYZ23456789]{8}$/);
      expect(TICKET_ID_PATTERN.test(id.toLowerCase())).toBe(true);
      expect(normalizeTicketId(` ${id.toLowerCase()} `)).toBe(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('use every character equally often (no modulo bias), from a fixed, evenly spread byte stream', () => {
    let state = 2463534242;
    const xorshift = (size: number) =>
      Uint8Array.from({ length: size }, () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return (state >>> 0) & 255;
      });
    const draw = ticketIds(xorshift);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i++)
      for (const c of draw().slice(1)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ALPHABET].sort());
    const seen = [...counts.values()];
    const mean = 800_000 / ALPHABET.length;
    // A byte modulo 30 gives the first 16 characters 9 bytes in 256 and the others 8: 12% apart.
    expect((Math.max(...seen) - Math.min(...seen)) / mean).toBeLessThan(0.05);
  });
});

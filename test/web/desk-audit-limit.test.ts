import { describe, expect, it } from 'vitest';
import { unsignedAuditLimit } from '../../src/web/desk/deps.js';

describe('refusals of nobody signed in', () => {
  it('are audited up to 60 a minute, then only logged until the next minute', () => {
    let now = Date.parse('2026-11-20T10:00:00+05:30');
    const may = unsignedAuditLimit(() => now);
    const first = Array.from({ length: 61 }, () => may());
    expect(first.filter(Boolean)).toHaveLength(60);
    expect(first.at(-1)).toBe(false);
    now += 60_000;
    expect(may()).toBe(true);
  });
});

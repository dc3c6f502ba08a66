import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AuditLog,
  ChainVerifier,
  canonicalJson,
  GENESIS,
  sha256,
  verifyAuditLog,
} from '../../../src/core/audit/index.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';

/** The serialization lines were hashed with before RFC 8785 (kept here to compare against). */
function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) out[key] = sort((v as Record<string, unknown>)[key]);
    return out;
  };
  return JSON.stringify(sort(value));
}

describe('canonical JSON (RFC 8785)', () => {
  it('writes the RFC’s own examples: shortest numbers, minimal escapes, keys in UTF-16 order', () => {
    const parsed = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(parsed)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    const keys = { '\u20ac': 1, '\r': 2, '\ufb33': 3, '1': 4, '\ud83d\ude00': 5, '\u0080': 6, '\u00f6': 7 };
    expect(Object.keys(JSON.parse(canonicalJson(keys)))).toEqual([
      '1',
      '\r',
      '\u0080',
      '\u00f6',
      '\u20ac',
      '\ud83d\ude00',
      '\ufb33',
    ]);
    expect(canonicalJson(keys).indexOf('\r')).toBeLessThan(canonicalJson(keys).indexOf('\ufb33'));
  });

  it('sorts array-index keys as text, as the RFC says (the legacy form listed them first, as numbers)', () => {
    const legs = JSON.parse('{"9":"a","10":"b","":"e"}');
    expect(canonicalJson(legs)).toBe('{"":"e","10":"b","9":"a"}');
    expect(sortedJson(legs)).toBe('{"9":"a","10":"b","":"e"}');
  });

  it('still verifies any line hashed the legacy way, lone surrogates and array-index keys included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const body = JSON.parse(
          JSON.stringify({ seq: 1, at: 'x', event: 'e', data: { value, text, [text]: 1 }, prev: GENESIS }),
        );
        const line = JSON.stringify({ ...body, hash: sha256(`${GENESIS}\n${sortedJson(body)}`) });
        expect(new ChainVerifier().next(line)).toHaveProperty('entry');
      }),
      { numRuns: 300 },
    );
  });

  it('verifies a log written before the change, lone surrogates and all', async () => {
    const path = join(import.meta.dirname, '../../fixtures/audit/written-before-rfc8785.jsonl');
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 4 });
  });

  it('hashes a value as the line writes it (a date as its text), so the line verifies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'omsdesk-canonical-'));
    try {
      const path = join(dir, 'audit.jsonl');
      const log = await AuditLog.open(path, systemClock, new Redactor());
      await log.append({ event: 'noted', data: { when: new Date(Date.UTC(2026, 10, 20)), note: 'x' } });
      await log.close();
      expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

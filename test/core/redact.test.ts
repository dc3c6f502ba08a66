import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/core/redact.js';

describe('Redactor', () => {
  it('removes registered secret values from text', () => {
    const r = new Redactor();
    r.add('sess-abcdef123', undefined, 'no');
    expect(r.text('jKey sess-abcdef123 failed, again sess-abcdef123')).toBe(
      `jKey ${REDACTED} failed, again ${REDACTED}`,
    );
    // Too short to be a secret: left alone so ordinary words survive.
    expect(r.text('no data')).toBe('no data');
  });

  it('replaces secret-named fields at any depth but keeps instrument tokens', () => {
    const r = new Redactor();
    const out = r.value({ userId: 'SIM001', jKey: 'k', nested: [{ Password: 'p', token: '2885' }] });
    expect(out).toEqual({
      userId: 'SIM001',
      jKey: REDACTED,
      nested: [{ Password: REDACTED, token: '2885' }],
    });
  });

  it('flattens errors to redacted text and survives cycles', () => {
    const r = new Redactor();
    r.add('topsecret');
    const cyclic: Record<string, unknown> = { e: new Error('bad key topsecret') };
    cyclic.self = cyclic;
    expect(r.value(cyclic)).toEqual({ e: `Error: bad key ${REDACTED}`, self: '[circular]' });
  });
});

describe('Redactor harvesting', () => {
  it('learns session keys from text it cannot parse and redacts them from then on', () => {
    const r = new Redactor();
    r.harvest('{"Status":"Success","data":{"susertoken":"abcdef0123456789","act');
    r.harvest("jKey='ffff0000eeee1111' SUSERTOKEN = 9999aaaa8888bbbb&x=1");
    expect(r.text('abcdef0123456789 ffff0000eeee1111 9999aaaa8888bbbb')).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED}`,
    );
  });

  it('ignores what is too short to be a key, and an empty value', () => {
    const r = new Redactor();
    r.harvest('{"susertoken":"", "jKey":"abc"} susertoken: null');
    expect(r.text('abc null data')).toBe('abc null data');
  });

  it('redacts the longest secret first, so a key known also by its prefix leaves no tail', () => {
    const r = new Redactor();
    r.add('abcdef01');
    r.add('abcdef0123456789');
    expect(r.text('key abcdef0123456789')).toBe(`key ${REDACTED}`);
  });
});

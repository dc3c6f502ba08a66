import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/core/redact.js';

const SECRET = 'pw-Secret-Hunter2-XYZ';
const KEY = 'abcdef0123456789abcdef';

function redactor(): Redactor {
  const r = new Redactor();
  r.add(SECRET, KEY);
  return r;
}

/** `json` against the full walk on the same text. */
function both(text: string): { fast: unknown; walked: unknown } {
  const r = redactor();
  return { fast: r.json(JSON.parse(text), text), walked: r.value(JSON.parse(text)) };
}

describe('Redactor.json', () => {
  it('hands back the parsed answer itself when its text holds no secret name, no secret and no escape', () => {
    const text = '{"Status":"Success","data":{"token":"2885","lastTradedPrice":"2450.05"}}';
    const parsed: unknown = JSON.parse(text);
    expect(redactor().json(parsed, text)).toBe(parsed);
  });

  it.each([
    ['a secret field name in any case', '{"data":{"JKEY":"whatever"}}'],
    ['a field name spelt with an escape', '{"data":{"j\\u004bey":"whatever"}}'],
    ['a field name that only lower-cases to a secret one (Kelvin sign)', '{"data":{"j\u212aey":"whatever"}}'],
    ['a known secret inside a text', `{"data":"Wrong Password ${SECRET}"}`],
    ['a known secret spelt with escapes', `{"data":"\\u0070${SECRET.slice(1)}"}`],
    ['a session key in a list', `[{"x":["${KEY}"]}]`],
    ['a __proto__ key', '{"__proto__":{"a":"b"},"c":"d"}'],
  ])('redacts exactly as the walk does for %s', (_, text) => {
    const { fast, walked } = both(text);
    expect(fast).toEqual(walked);
    expect(JSON.stringify(fast)).not.toContain(SECRET);
    expect(JSON.stringify(fast)).not.toContain(KEY);
  });

  it('redacts the Kelvin-sign field name the walk redacts', () => {
    const { fast } = both('{"j\u212aey":"abc"}');
    expect(fast).toEqual({ 'j\u212aey': REDACTED });
  });

  it('agrees with the walk on generated answers, escapes and secrets included', () => {
    const keys = fc.constantFrom('data', 'token', 'jKey', 'JKEY', 'Password', 'susertoken', 'name', 'apiKey');
    const texts = fc.constantFrom('Ok', 'no data', 'password', SECRET, `x ${KEY} y`, '2450.05', '');
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        texts,
        fc.integer({ min: -1_000, max: 1_000 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(keys, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    // Letters appear only inside strings (no true/false/null generated): escaping any of them keeps JSON.
    const escaped = (text: string, every: number) =>
      text.replace(/[a-zA-Z]/g, (c, at: number) =>
        at % every === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c,
      );
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 7 }), fc.boolean(), (value, every, withEscapes) => {
        const plain = JSON.stringify(value);
        const text = withEscapes ? escaped(plain, every) : plain;
        const { fast, walked } = both(text);
        expect(fast).toEqual(walked);
      }),
      { numRuns: 3_000 },
    );
  });
});

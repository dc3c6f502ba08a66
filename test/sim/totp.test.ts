import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpAt, verifyTotp } from '../../src/sim/totp.js';
import { totpFor } from '../helpers/sim.js';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890", last six digits of the 8-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: Array<[number, string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('simulator TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, code] of VECTORS) expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('agrees with the otpauth library the client uses', () => {
    for (const at of [0, 1_795_150_000_000, 1_800_000_123_456])
      expect(totpAt('JBSWY3DPEHPK3PXP', at)).toBe(totpFor(at));
  });

  it('accepts one step of drift either side and nothing further', () => {
    const now = 1_795_150_000_000;
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, now - 90_000), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBe(false);
  });

  it('decodes base32 case-insensitively and refuses other characters', () => {
    expect(base32Decode('jbswy3dpehpk3pxp').toString('hex')).toBe('48656c6c6f21deadbeef');
    expect(() => base32Decode('JBSW1')).toThrow(/base32/);
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
  });
});

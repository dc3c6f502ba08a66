import { Secret, TOTP } from 'otpauth';

/** The RFC 6238 code (SHA-1, 6 digits, 30 s step) of a base32 secret at `atMs`; throws on a malformed secret. */
export function totpCode(base32Secret: string, atMs: number): string {
  const secret = Secret.fromBase32(base32Secret.replace(/[\s-]/g, '').toUpperCase());
  return TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: atMs });
}

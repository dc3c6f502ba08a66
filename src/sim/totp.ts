import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (SHA-1, 30-second step, 6 digits), written here rather than shared with the client so
 * the two sides check each other.
 */
const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const value = BASE32.indexOf(ch);
    if (value < 0) throw new Error('secret is not base32');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The HOTP code (RFC 4226) of a key and counter. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP code of a base32 secret at an instant. */
export function totpAt(secretBase32: string, epochMs: number): string {
  return hotp(base32Decode(secretBase32), Math.floor(epochMs / 1000 / STEP_SECONDS));
}

/** True when `code` matches the current step or one step either side (clock drift tolerance). */
export function verifyTotp(secretBase32: string, code: string, epochMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secretBase32);
  const step = Math.floor(epochMs / 1000 / STEP_SECONDS);
  return [step - 1, step, step + 1].some((s) => hotp(key, s) === code);
}

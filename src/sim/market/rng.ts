import { normalQuantile } from './normal.js';

/**
 * Seeded, stateless randomness: every draw is a hash of (seed, key, level, index), so a value never
 * depends on what was drawn before it. The mixing steps are MurmurHash3's (32-bit).
 */
function mix(h: number, k: number): number {
  let x = Math.imul(k | 0, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** An unsigned 32-bit hash of four integers. */
export function hash4(a: number, b: number, c: number, d: number): number {
  return finish(mix(mix(mix(mix(0x9747b28c, a), b), c), d) ^ 16);
}

/** A 32-bit seed from any finite number (integers beyond 2^32 keep their high bits). */
export function seedHash(seed: number): number {
  const whole = Math.trunc(seed);
  const high = Math.floor(whole / 0x1_0000_0000);
  return hash4(whole | 0, high | 0, 0x5eed, 0);
}

/** An unsigned 32-bit hash of a string (its UTF-16 code units). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i));
  return finish(h ^ text.length);
}

/** A key for one stream of draws (`stream` names what the draws are for) of one instrument or path. */
export function streamKey(keyHash: number, stream: number): number {
  return hash4(keyHash, stream, 0x57ea, 0) | 0;
}

/** A uniform draw in the open interval (0, 1). */
export function uniform(seed: number, key: number, level: number, index: number): number {
  return (hash4(seed, key, level, index) + 0.5) / 0x1_0000_0000;
}

/** A standard normal draw. */
export function normal(seed: number, key: number, level: number, index: number): number {
  return normalQuantile(uniform(seed, key, level, index));
}

/** A uniform integer in [min, max]. */
export function intBetween(
  seed: number,
  key: number,
  level: number,
  index: number,
  min: number,
  max: number,
): number {
  return min + Math.floor(uniform(seed, key, level, index) * (max - min + 1));
}

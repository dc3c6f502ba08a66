import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * RFC 8785 (JCS) text of a JSON value, so equal values always serialize (and hash) the same. A value
 * RFC 8785 refuses (a lone surrogate, which a person's text may hold) is written in the legacy form.
 */
export function canonicalJson(value: unknown): string {
  try {
    const text = canonicalize(value);
    if (text !== undefined) return text;
  } catch {
    // falls through to the form that takes what RFC 8785 refuses
  }
  return legacyCanonicalJson(value);
}

/**
 * The text lines were hashed over before RFC 8785: `JSON.stringify` of a key-sorted copy. It differs
 * from RFC 8785 only where an object has array-index keys (`"0"`, `"10"`: JavaScript lists those first,
 * in numeric order) and takes lone surrogates; lines written before the change verify against it.
 */
export function legacyCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = sortKeys(item);
  }
  return out;
}

/** SHA-256 of a text, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readTextIfPresent, writeAtomically } from '../data-dir/files.js';

/**
 * Where a log's anchor lives and the key that signs it. The key should live apart from the log (another
 * directory, readable by the operator only), so whoever can rewrite the log cannot also re-sign its anchor.
 */
export interface AnchorOptions {
  readonly path: string;
  readonly keyPath: string;
}

/** The log as last written: how many lines and the hash of the last one, signed with the key. */
export interface Anchor {
  readonly lines: number;
  readonly head: string;
  readonly mac: string;
}

const KEY_BYTES = 32;

/** The HMAC-SHA256 that binds a line count and a head hash to the key. */
export function anchorMac(key: Buffer, lines: number, head: string): string {
  return createHmac('sha256', key).update(`omsdesk-audit-anchor\n${lines}\n${head}`).digest('hex');
}

/** True when the anchor was signed with this key and not altered since. */
export function anchorSigned(key: Buffer, anchor: Anchor): boolean {
  const expected = Buffer.from(anchorMac(key, anchor.lines, anchor.head), 'hex');
  const given = Buffer.from(String(anchor.mac), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The anchor key, or undefined when its file does not exist; a malformed key file is an error. */
export async function readAnchorKey(keyPath: string): Promise<Buffer | undefined> {
  const text = await readTextIfPresent(keyPath);
  if (text === undefined) return undefined;
  const key = Buffer.from(text.trim(), 'hex');
  if (key.length !== KEY_BYTES)
    throw new Error(`the audit anchor key ${keyPath} is not ${KEY_BYTES} bytes of hex: restore it`);
  return key;
}

/**
 * Creates a random key file readable by its owner only (its directory too, when created here), or reads
 * the one another process created first: the key is written whole beside it and linked into place (link
 * fails when the name exists), so of processes starting together on a new data dir all end with one key,
 * and nobody reads a key file that is there but still empty.
 */
export async function createAnchorKey(keyPath: string): Promise<Buffer> {
  await mkdir(dirname(keyPath), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const draft = `${keyPath}.${randomBytes(6).toString('hex')}.new`;
  try {
    const file = await open(draft, 'wx', 0o600);
    try {
      await file.writeFile(`${key.toString('hex')}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await link(draft, keyPath);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readAnchorKey(keyPath);
    if (theirs === undefined) throw error;
    return theirs;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/** The anchor on disk, or undefined when there is none; unreadable content is reported as such. */
export async function readAnchor(path: string): Promise<Anchor | 'malformed' | undefined> {
  const text = await readTextIfPresent(path);
  if (text === undefined) return undefined;
  try {
    const a = JSON.parse(text) as Partial<Anchor>;
    if (Number.isSafeInteger(a.lines) && typeof a.head === 'string' && typeof a.mac === 'string') {
      return { lines: a.lines as number, head: a.head, mac: a.mac };
    }
  } catch {
    // falls through: the anchor was damaged
  }
  return 'malformed';
}

/** Writes the signed anchor atomically (a crash leaves the old one or the new one, never half of either). */
export async function writeAnchor(path: string, key: Buffer, lines: number, head: string): Promise<void> {
  const anchor: Anchor = { lines, head, mac: anchorMac(key, lines, head) };
  await writeAtomically(path, `${JSON.stringify(anchor)}\n`);
}

import { open, stat } from 'node:fs/promises';
import type { AnchorOptions } from './anchor.js';
import { readAnchorState } from './log-point.js';
import { MAX_AUDIT_LINE_BYTES, readRange } from './read.js';
import { checkAuditLog } from './verify.js';

/** What a write cut short left at the end of a log: bytes after its last newline. */
export interface TornTail {
  /** Where the tail starts (the end of the last whole line). */
  readonly start: number;
  readonly bytes: Buffer;
}

const NEWLINE = 0x0a;

/**
 * The bytes after a log's last newline, when there are any: every line omsdesk writes ends with one, in
 * the same write, so they are a write cut short (a full disk, a crash), never a line that was recorded.
 * Undefined when the log ends with a newline, or the tail is longer than any line (not a cut line).
 */
export async function findTornTail(path: string): Promise<TornTail | undefined> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (size === 0) return undefined;
  const file = await open(path, 'r');
  try {
    const length = Math.min(size, MAX_AUDIT_LINE_BYTES + 1);
    const end = await readRange(file, size - length, length);
    if (end.at(-1) === NEWLINE) return undefined;
    const newline = end.lastIndexOf(NEWLINE);
    if (newline === -1 && length < size) return undefined;
    const start = size - length + newline + 1;
    return { start, bytes: end.subarray(newline + 1) };
  } finally {
    await file.close();
  }
}

/**
 * Cuts a torn tail off the log, after keeping a copy of it (`copy`, created new: never over another
 * file); both flushed to the disk before the log is cut.
 */
export async function cutTornTail(path: string, tail: TornTail, copy: string): Promise<void> {
  const kept = await open(copy, 'wx', 0o600);
  try {
    await kept.writeFile(tail.bytes);
    await kept.sync();
  } finally {
    await kept.close();
  }
  const log = await open(path, 'r+');
  try {
    await log.truncate(tail.start);
    await log.sync();
  } finally {
    await log.close();
  }
}

/**
 * The length of the log's torn tail when it is all that is wrong with the log (what a start repairs):
 * every line before it chains soundly and fits the anchor, when one is given. Else undefined.
 */
export async function repairableTail(path: string, anchor?: AnchorOptions): Promise<number | undefined> {
  const torn = await findTornTail(path);
  if (torn === undefined) return undefined;
  const state = anchor === undefined ? undefined : await readAnchorState(anchor);
  const verdict = await checkAuditLog(path, state, { end: torn.start });
  return verdict.ok ? torn.bytes.length : undefined;
}

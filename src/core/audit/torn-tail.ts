import { open, stat } from 'node:fs/promises';
import { MAX_AUDIT_LINE_BYTES, readRange } from './read.js';

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

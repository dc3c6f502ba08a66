import { createHmac, timingSafeEqual } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { readTextIfPresent, writeAtomically } from '../data-dir/files.js';
import type { Anchor } from './anchor.js';
import { carriesItsHash, GENESIS } from './entry.js';
import type { AnchorState, LogPoint } from './log-point.js';
import { entryOfLine, MAX_AUDIT_LINE_BYTES, type ReadCounts, readRange } from './read.js';

/**
 * Where a restart can begin: the log up to a point (its line count, byte length, where its last line
 * starts and that line's hash), the state of what is still in play after it, and how much of each ticket
 * index bucket it covers. Signed with the anchor's key, so an altered checkpoint is not used.
 */
export interface Checkpoint extends LogPoint {
  /** Bytes of each index bucket file it covers, by bucket number. */
  readonly index: readonly number[];
  readonly state: unknown;
}

/** 2: bucket lines carry a MAC (a version 1 checkpoint's index is rebuilt once). */
const VERSION = 2;

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(`omsdesk-audit-checkpoint\n${text}`).digest('hex');
}

/**
 * Writes a signed checkpoint atomically (a crash leaves the old one or the new one). The state comes as
 * JSON text, taken when the checkpoint was: the state itself moves on while the index is written.
 */
export async function writeCheckpoint(
  path: string,
  key: Buffer,
  checkpoint: Omit<Checkpoint, 'state'> & { readonly stateJson: string },
): Promise<void> {
  const { stateJson, ...rest } = checkpoint;
  const text = `${JSON.stringify({ version: VERSION, ...rest }).slice(0, -1)},"state":${stateJson}}`;
  await writeAtomically(path, `${mac(key, text)}\n${text}\n`);
}

/** Removes a checkpoint, so the next start reads the whole log. */
export async function dropCheckpoint(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** The checkpoint, undefined when there is none, or why it cannot be used (then the whole log is read). */
export async function readCheckpoint(
  path: string,
  key: Buffer,
): Promise<Checkpoint | { problem: string } | undefined> {
  const file = await readTextIfPresent(path);
  if (file === undefined) return undefined;
  const split = file.indexOf('\n');
  const given = Buffer.from(file.slice(0, Math.max(0, split)), 'hex');
  const text = file.slice(split + 1).trimEnd();
  const expected = Buffer.from(mac(key, text), 'hex');
  if (split < 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    return { problem: 'it was altered, or signed with another key' };
  try {
    const c = JSON.parse(text) as Partial<Checkpoint> & { version?: number };
    const counts = [c.lines, c.bytes, c.lastLineAt];
    if (
      c.version === VERSION &&
      counts.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) &&
      typeof c.head === 'string' &&
      Array.isArray(c.index) &&
      c.index.every((n) => Number.isSafeInteger(n) && n >= 0)
    ) {
      return c as Checkpoint;
    }
  } catch {
    // falls through: signed, yet not a checkpoint this version reads
  }
  return { problem: 'it is not in a form this version reads' };
}

/**
 * Why a sound checkpoint does not fit this log, or undefined when it does: the log must still hold, at
 * the checkpoint's place, a line with its count and hash, and the anchor must be at or after it.
 */
export async function misfit(
  logPath: string,
  c: Checkpoint,
  anchor: Anchor | 'malformed' | undefined,
  counts: ReadCounts,
): Promise<string | undefined> {
  if (typeof anchor !== 'object' || anchor.lines < c.lines) return 'the anchor is not at or after it';
  if (c.lines === 0)
    return c.bytes === 0 && c.head === GENESIS ? undefined : 'it is not in a form this version reads';
  const length = c.bytes - c.lastLineAt;
  if (length <= 0 || length > MAX_AUDIT_LINE_BYTES + 1) return 'it is not in a form this version reads';
  let bytes: Buffer;
  try {
    const file = await open(logPath, 'r');
    try {
      bytes = await readRange(file, c.lastLineAt, length);
    } finally {
      await file.close();
    }
  } catch {
    return 'the log cannot be read at its place';
  }
  counts.logLines += 1;
  counts.logBytes += bytes.length;
  const entry = entryOfLine(bytes);
  if (entry?.seq !== c.lines || entry.hash !== c.head || !carriesItsHash(entry))
    return `line ${c.lines} of the log is not the line it covers`;
  return undefined;
}

/** What a start would make of a log's checkpoint, in words (for `omsdesk audit verify`). */
export async function describeCheckpoint(logPath: string, state: AnchorState): Promise<string> {
  if (state.key === undefined) return 'not checked (no key)';
  const found = await readCheckpoint(`${logPath}.checkpoint`, state.key);
  if (found === undefined) return 'none (the next start reads the whole log and writes one)';
  const counts = { logLines: 0, logBytes: 0, indexBytes: 0 };
  const problem = 'problem' in found ? found.problem : await misfit(logPath, found, state.anchor, counts);
  return problem === undefined
    ? `at line ${(found as Checkpoint).lines}, signed and fitting the log (a start reads from there)`
    : `not used by a start (${problem}): the next start reads the whole log and writes it anew`;
}

import { createReadStream } from 'node:fs';
import { type FileHandle, stat } from 'node:fs/promises';
import type { AuditEntry } from './entry.js';

/** Longest audit line read; anything longer is not something omsdesk wrote. */
export const MAX_AUDIT_LINE_BYTES = 1024 * 1024;

/** One line of the log and where it lies in the file (`end` is past its newline). */
export interface AuditLine {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** What a log has read from its files, for seeing that a start or a lookup reads only what it needs. */
export interface ReadCounts {
  /** Log lines parsed. */
  logLines: number;
  logBytes: number;
  /** Bytes of the ticket index read. */
  indexBytes: number;
}

const NEWLINE = 0x0a;

/**
 * The lines of an audit log from byte `start` (a line's start) to `end`, streamed in constant memory
 * whatever the log's length; a missing file has none. `end` stops at a known length, so a log being
 * appended to is read up to a consistent point. A last line without its newline (a write cut short) is
 * given as it is.
 */
export async function* readAuditLines(
  path: string,
  range: { readonly start?: number; readonly end?: number } = {},
  counts?: ReadCounts,
): AsyncGenerator<AuditLine> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const start = range.start ?? 0;
  const end = Math.min(size, range.end ?? size);
  if (end <= start) return;
  const input = createReadStream(path, { start, end: end - 1, highWaterMark: 256 * 1024 });
  let rest: Buffer = Buffer.alloc(0);
  let at = start;
  const line = (bytes: Buffer, from: number, to: number): AuditLine => {
    if (to - from > MAX_AUDIT_LINE_BYTES)
      throw new Error(`an audit line is longer than ${MAX_AUDIT_LINE_BYTES} bytes`);
    if (counts) {
      counts.logLines += 1;
      counts.logBytes += to - from + 1;
    }
    return { text: bytes.toString('utf8', from, to), start: at, end: at + (to - from) + 1 };
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const bytes = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
      let from = 0;
      for (let nl = bytes.indexOf(NEWLINE); nl !== -1; nl = bytes.indexOf(NEWLINE, from)) {
        const next = line(bytes, from, nl);
        at = next.end;
        from = nl + 1;
        yield next;
      }
      rest = bytes.subarray(from);
      if (rest.length > MAX_AUDIT_LINE_BYTES)
        throw new Error(`an audit line is longer than ${MAX_AUDIT_LINE_BYTES} bytes`);
    }
    if (rest.length > 0) yield { ...line(rest, 0, rest.length), end: at + rest.length };
  } finally {
    input.destroy();
  }
}

/** `length` bytes of an open file from `start` (fewer when the file ends first). */
export async function readRange(file: FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, start);
  return buffer.subarray(0, bytesRead);
}

/** The entry of one whole line read from its place (newline included); undefined when it is not one. */
export function entryOfLine(bytes: Buffer): AuditEntry | undefined {
  if (bytes.at(-1) !== 0x0a) return undefined;
  try {
    const entry = JSON.parse(bytes.toString('utf8')) as AuditEntry;
    return entry !== null && typeof entry === 'object' ? entry : undefined;
  } catch {
    return undefined;
  }
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** Longest audit line read; anything longer is not something omsdesk wrote. */
export const MAX_AUDIT_LINE_BYTES = 1024 * 1024;

/**
 * The lines of an audit log, streamed (constant memory whatever its length); a missing file has none.
 * `endByte` stops at a known length, so a log being appended to is read up to a consistent point.
 */
export async function* readAuditLines(path: string, endByte?: number): AsyncGenerator<string> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const end = Math.min(size, endByte ?? size);
  if (end === 0) return;
  const input = createReadStream(path, { encoding: 'utf8', start: 0, end: end - 1 });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      if (line.length > MAX_AUDIT_LINE_BYTES)
        throw new Error(`an audit line is longer than ${MAX_AUDIT_LINE_BYTES} bytes`);
      yield line;
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

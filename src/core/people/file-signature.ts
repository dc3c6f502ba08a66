import { stat } from 'node:fs/promises';

/**
 * What identifies a file's content without reading it: inode, size and change times (in nanoseconds), so
 * an edit in place and a replacement by rename both show. Undefined when the file does not exist.
 */
export async function fileSignature(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

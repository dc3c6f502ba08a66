import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The most a state file is read to by default; the people file is given a smaller cap. */
export const MAX_STATE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Opened without waiting for a writer (a FIFO put at the path would hold the open, and the thread that
 * runs it, forever); regular files read the same either way. Windows has no such flag, nor FIFOs.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

/** A file omsdesk will not read: not a regular file (a FIFO, a socket, a device, a folder), or too large. */
export class FileRefusedError extends Error {
  override readonly name = 'FileRefusedError';
  constructor(
    readonly path: string,
    readonly code: 'EISDIR' | 'ENOTREG' | 'EFBIG',
    why: string,
  ) {
    super(`${path} ${why}`);
  }
}

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a folder';
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Why a file of this kind and size is not read, if it is not. */
function refusal(path: string, s: Stats, maxBytes: number): FileRefusedError | undefined {
  if (!s.isFile()) {
    const code = s.isDirectory() ? 'EISDIR' : 'ENOTREG';
    return new FileRefusedError(
      path,
      code,
      `is ${kindOf(s)}, not a regular file: omsdesk reads only regular files`,
    );
  }
  return s.size > maxBytes ? tooLarge(path, maxBytes) : undefined;
}

const tooLarge = (path: string, maxBytes: number) =>
  new FileRefusedError(path, 'EFBIG', `is larger than ${maxBytes} bytes, more than a file of its kind holds`);

/** ENOENT is absence; ENXIO is a socket (or a device nobody serves), opened as a file. */
function absentOrThrow(path: string, error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return undefined;
  if (code === 'ENXIO')
    throw new FileRefusedError(
      path,
      'ENOTREG',
      'is a socket or a device, not a regular file: omsdesk reads only regular files',
    );
  throw error;
}

/**
 * A file's text, or undefined when it does not exist. Only a regular file of at most `maxBytes` is read,
 * and nothing waits on a FIFO: anything else is a FileRefusedError saying why; any other failure to read
 * it is thrown.
 */
export async function readTextIfPresent(
  path: string,
  maxBytes: number = MAX_STATE_FILE_BYTES,
): Promise<string | undefined> {
  let file: FileHandle;
  try {
    file = await open(path, OPEN_FLAGS);
  } catch (error) {
    return absentOrThrow(path, error);
  }
  try {
    const refused = refusal(path, await file.stat(), maxBytes);
    if (refused) throw refused;
    const chunks: Buffer[] = [];
    // Read to its end, which may lie past the size seen (it grew), but never past the cap.
    for (let total = 0; ; ) {
      const { bytesRead, buffer } = await file.read(Buffer.alloc(CHUNK), 0, CHUNK, null);
      if (bytesRead === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(path, maxBytes);
    }
  } finally {
    await file.close();
  }
}

/** readTextIfPresent, synchronously (for the configuration, read once before anything runs). */
export function readTextIfPresentSync(
  path: string,
  maxBytes: number = MAX_STATE_FILE_BYTES,
): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return absentOrThrow(path, error);
  }
  try {
    const refused = refusal(path, fstatSync(fd), maxBytes);
    if (refused) throw refused;
    const chunks: Buffer[] = [];
    for (let total = 0; ; ) {
      const buffer = Buffer.alloc(CHUNK);
      const bytesRead = readSync(fd, buffer, 0, CHUNK, null);
      if (bytesRead === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(path, maxBytes);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file (owner-only, its folder created) so readers and a crash see the old content or the new,
 * never a part: a flushed temporary file beside it, renamed over it.
 */
export async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // A name of its own, so two writes of the same file cannot interleave in one temporary file.
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The persisted form of the simulator's state (accounts, sessions, and what later parts add). */
export interface StateSnapshot {
  readonly version: 1;
  readonly savedAt: number;
  readonly [part: string]: unknown;
}

/** Reads a state file; undefined when it does not exist yet. A corrupt file is an error naming it. */
export async function readState(path: string): Promise<StateSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`state file ${path} is not valid JSON; move it away to start fresh`);
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`state file ${path} has an unknown format (expected version 1)`);
  }
  return parsed as StateSnapshot;
}

/** Writes a state file atomically: a temporary file in the same folder, then a rename over the old one. */
export async function writeState(path: string, snapshot: StateSnapshot): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(snapshot)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/**
 * Coalesces saves: at most one write in flight and one queued, so a burst of requests costs two writes
 * and the last state always reaches the disk. A failed write is reported and retried on the next request.
 */
export function createSaver(
  save: () => Promise<void>,
  onError: (error: unknown) => void,
): { request(): void; flush(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      do {
        again = false;
        await save();
      } while (again);
    } catch (error) {
      onError(error);
    } finally {
      running = undefined;
    }
  };
  return {
    request() {
      if (running) again = true;
      else running = run();
    },
    async flush() {
      while (running) await running;
    },
  };
}

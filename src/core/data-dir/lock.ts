import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** The lock file's name inside a data dir. */
export const LOCK_FILE = 'omsdesk.lock';

/** Who holds a data dir. */
export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly command: string;
  readonly since: string;
}

/** A second process asked for a data dir another one holds. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      owner === undefined
        ? `the data dir ${dir} is locked by another omsdesk process (its lock file ${join(dir, LOCK_FILE)} is unreadable); stop it, or use another OMSDESK_DATA_DIR`
        : `the data dir ${dir} is in use by another omsdesk process: "${owner.command}" (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
            'One process owns a data dir (its caps and audit chain are sound only then): stop that process, use it instead ' +
            '(omsdesk serve runs the MCP server and the Discord bot together), or set another OMSDESK_DATA_DIR',
    );
  }
}

/** A data dir that cannot be created or written (a read-only folder, a file in the way). */
export class DataDirUnusableError extends Error {
  override readonly name = 'DataDirUnusableError';
  constructor(
    readonly dir: string,
    readonly code: string,
  ) {
    super(
      `the data dir ${dir} cannot be written (${code}): give this user write access to it, or set OMSDESK_DATA_DIR to a folder it can write`,
    );
  }
}

/** Why a data dir cannot be used, in the words of DataDirUnusableError; other failures pass unchanged. */
function unusable(dir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons = ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EISDIR'];
  return code !== undefined && reasons.includes(code) ? new DataDirUnusableError(dir, code) : error;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    if (Number.isSafeInteger(owner.pid) && typeof owner.host === 'string') return owner as LockOwner;
  } catch {
    // unreadable: treated as held
  }
  return undefined;
}

/**
 * Moves a dead process's lock away. The move is atomic, so if another starting process replaced the
 * stale lock in between, what was moved is its live lock: it is put back, and the data dir is theirs.
 */
async function takeOver(path: string, stale: LockOwner): Promise<void> {
  const grave = `${path}.${process.pid}.stale`;
  try {
    await rename(path, grave);
  } catch {
    return; // already gone: the next attempt creates it or meets the new owner
  }
  const moved = await readOwner(grave);
  if (moved?.pid !== stale.pid || moved.since !== stale.since) {
    await link(grave, path).catch(() => undefined);
    await unlink(grave).catch(() => undefined);
    throw new DataDirLockedError(resolve(path, '..'), moved);
  }
  await unlink(grave).catch(() => undefined);
}

/**
 * An exclusive lock on a data dir: created with O_EXCL, so of two processes starting together exactly
 * one gets it. A lock left by a process that died on this host is taken over; a live one is refused
 * with a message naming it.
 */
export class DataDirLock {
  private constructor(
    readonly path: string,
    readonly owner: LockOwner,
  ) {}

  static async acquire(dir: string, command: string, now: Date = new Date()): Promise<DataDirLock> {
    const absolute = resolve(dir);
    const path = join(absolute, LOCK_FILE);
    const owner: LockOwner = { pid: process.pid, host: hostname(), command, since: now.toISOString() };
    // Written whole beside the lock, then linked in place (link fails if the lock exists): nobody ever
    // reads a lock file that is there but still empty.
    const draft = `${path}.${process.pid}.${randomUUID()}`;
    try {
      await mkdir(absolute, { recursive: true });
      const file = await open(draft, 'wx', 0o600);
      try {
        await file.writeFile(`${JSON.stringify(owner)}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
    } catch (error) {
      throw unusable(absolute, error);
    }
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await link(draft, path);
          return new DataDirLock(path, owner);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const holder = await readOwner(path);
        const stale = holder !== undefined && holder.host === owner.host && !alive(holder.pid);
        if (!stale || attempt > 0) throw new DataDirLockedError(absolute, holder);
        await takeOver(path, holder);
      }
    } finally {
      await unlink(draft).catch(() => undefined);
    }
  }

  /** Gives the data dir up (only if the lock is still this process's). */
  async release(): Promise<void> {
    const holder = await readOwner(this.path);
    if (holder?.pid === this.owner.pid && holder.since === this.owner.since)
      await unlink(this.path).catch(() => undefined);
  }
}

import { readdirSync, statSync } from 'node:fs';
import { mkdir, rename, rmdir, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, posix, resolve, win32 } from 'node:path';
import { DataDirLock, LOCK_FILE } from '../core/data-dir/lock.js';

/** The data dir's name in the working directory before it moved to the per-user folder. */
export const OLD_DEFAULT = '.omsdesk';

/**
 * The platform's per-user state folder for omsdesk: `$XDG_STATE_HOME/omsdesk`, else
 * `~/.local/state/omsdesk` (Linux and the rest); `~/Library/Application Support/omsdesk` (macOS);
 * `%LOCALAPPDATA%\omsdesk` (Windows).
 */
export function userStateDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32')
    return win32.join(env.LOCALAPPDATA || win32.join(home, 'AppData', 'Local'), 'omsdesk');
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'omsdesk');
  // The XDG rules: a relative path in the variable is invalid and is ignored.
  const xdg = env.XDG_STATE_HOME;
  return posix.join(xdg && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.local', 'state'), 'omsdesk');
}

/** Which data dir a process uses, and why: said at every start. */
export interface DataDirChoice {
  readonly path: string;
  readonly why: string;
  /** A data dir of the old default to move to `path` first (a long-running command does; see adoptOldDataDir). */
  readonly moveFrom?: string;
  /** Something the person should know about it (said as a warning). */
  readonly notice?: string;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isEmptyOrAbsent(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * The data dir: `OMSDESK_DATA_DIR` when set; else the per-user state folder. A `.omsdesk` left in the
 * working directory by an older omsdesk is never silently forked: it moves to the per-user folder
 * while that is still empty (at the start of serve, mcp or discord), and is used where it is otherwise.
 */
export function chooseDataDir(options: {
  readonly configured: string | undefined;
  readonly cwd: string;
  readonly stateDir: string;
  /** Variables that place files inside the old folder by path: then it stays, or they would be cut off. */
  readonly pinned: readonly string[];
}): DataDirChoice {
  const { configured, stateDir } = options;
  if (configured !== undefined) return { path: configured, why: 'OMSDESK_DATA_DIR' };
  const old = join(options.cwd, OLD_DEFAULT);
  if (!isDirectory(old) || resolve(old) === resolve(stateDir))
    return { path: stateDir, why: 'the per-user state folder' };
  const here = `${OLD_DEFAULT} in the working directory (the default of earlier versions)`;
  if (!isEmptyOrAbsent(stateDir)) {
    return {
      path: old,
      why: here,
      notice: `${stateDir} holds another data dir: ${old} is used as it is. Keep one (merging them is not possible: each has its own audit chain and paper account) and remove or move the other, or set OMSDESK_DATA_DIR`,
    };
  }
  if (options.pinned.length > 0) {
    return {
      path: old,
      why: here,
      notice: `${old} stays where it is because ${options.pinned.join(', ')} point into it; to use the per-user folder, stop omsdesk, move the folder to ${stateDir} and update them, or set OMSDESK_DATA_DIR=${old}`,
    };
  }
  return { path: stateDir, why: 'the per-user state folder', moveFrom: old };
}

/**
 * Moves an old default data dir to the per-user folder, under its lock (so no older omsdesk still runs
 * on it); when it cannot move (another file system, permissions), it is used where it is, and said so.
 */
export async function adoptOldDataDir(choice: DataDirChoice, command: string): Promise<DataDirChoice> {
  const from = choice.moveFrom;
  if (from === undefined) return choice;
  const lock = await DataDirLock.acquire(from, command);
  try {
    await mkdir(dirname(choice.path), { recursive: true });
    await rmdir(choice.path).catch(() => undefined); // an empty folder in the way; anything else stops rename
    await rename(from, choice.path);
  } catch (error) {
    await lock.release();
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return {
      path: from,
      why: `${OLD_DEFAULT} in the working directory (the default of earlier versions)`,
      notice: `could not move ${from} to ${choice.path} (${code}), so it is used where it is; move it by hand while omsdesk is stopped, or set OMSDESK_DATA_DIR=${from}`,
    };
  }
  // The lock moved with the folder: it is this process's, and the runtime takes the folder again.
  await unlink(join(choice.path, LOCK_FILE)).catch(() => undefined);
  return {
    path: choice.path,
    why: 'the per-user state folder',
    notice: `moved the data dir ${from} (the default of earlier versions) to ${choice.path}, where every omsdesk started by this user finds it, whatever its working directory`,
  };
}

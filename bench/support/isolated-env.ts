import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary home for spawned omsdesk processes, and the environment that points them at it. */
export interface IsolatedHome {
  readonly dir: string;
  /** Only what the process needs: PATH, a home and data dir inside `dir`, quiet logs. Nothing inherited. */
  readonly env: Readonly<Record<string, string>>;
  remove(): Promise<void>;
}

/**
 * Creates the home: the process runs with `dir` as working directory (so no `.env` of the repository is
 * read) and with no OMSDESK_ or DISCORD_ variable from the shell, only those set here.
 */
export async function isolatedHome(extra: Readonly<Record<string, string>> = {}): Promise<IsolatedHome> {
  const dir = await mkdtemp(join(tmpdir(), 'omsdesk-bench-home-'));
  return {
    dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      OMSDESK_DATA_DIR: join(dir, 'data'),
      OMSDESK_AUDIT_KEY_FILE: join(dir, 'audit.key'),
      OMSDESK_LOG_LEVEL: 'warn',
      ...extra,
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

import { dirname, resolve } from 'node:path';
import type { Config } from '../core/config/index.js';
import { DataDirLock } from '../core/data-dir/lock.js';

/** The data dir, and the audit log's folder when it lies elsewhere, held by this process. */
export interface HeldDataDir {
  release(): Promise<void>;
}

/**
 * Takes the data dir for one process (the caps and the audit chain are sound only then). Cheap and
 * light, so `omsdesk mcp` can take it, and refuse its client with the reason, before it serves.
 */
export async function holdDataDir(config: Config, command: string): Promise<HeldDataDir> {
  const lock = await DataDirLock.acquire(config.dataDir, command);
  const auditDir = dirname(resolve(config.audit.path));
  const auditLock =
    auditDir === resolve(config.dataDir)
      ? undefined
      : await DataDirLock.acquire(auditDir, command).catch(async (error: unknown) => {
          await lock.release();
          throw error;
        });
  return {
    async release() {
      await auditLock?.release();
      await lock.release();
    },
  };
}

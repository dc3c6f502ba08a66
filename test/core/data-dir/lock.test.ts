import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLock, DataDirLockedError, LOCK_FILE } from '../../../src/core/data-dir/lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid as number;
}

describe('the data dir lock', () => {
  it('lets exactly one of two concurrent takers hold a data dir, and names the holder to the other', async () => {
    const results = await Promise.allSettled([
      DataDirLock.acquire(dir, 'omsdesk serve'),
      DataDirLock.acquire(dir, 'omsdesk discord'),
    ]);
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(held).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(DataDirLockedError);
    expect(refused[0]?.message).toContain(`pid ${process.pid}`);
    expect(refused[0]?.message).toMatch(/in use by another omsdesk process: "omsdesk (serve|discord)"/);
    await (held[0] as PromiseFulfilledResult<DataDirLock>).value.release();
    const again = await DataDirLock.acquire(dir, 'omsdesk serve');
    await again.release();
  });

  it('takes over a lock left by a process that died', async () => {
    const pid = await deadPid();
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid, host: hostname(), command: 'omsdesk serve', since: '2026-11-20T04:30:00.000Z' }),
    );
    const lock = await DataDirLock.acquire(dir, 'omsdesk serve');
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('never takes over a lock held by a live process or written on another host', async () => {
    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 999_999, host: 'elsewhere', command: 'omsdesk serve', since: 'x' }),
    );
    await expect(DataDirLock.acquire(dir, 'omsdesk mcp')).rejects.toThrow(/pid 999999 on elsewhere/);
  });
});

import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLock } from '../../src/core/data-dir/lock.js';
import { lines, spawnCli } from '../helpers/cli.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-two-processes-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('one process per data dir', () => {
  it('refuses a second process on a data dir in use, naming the first, and frees it when the first stops', async () => {
    const env = { OMSDESK_DATA_DIR: dataDir, OMSDESK_LOG_LEVEL: 'warn' };
    const first = spawnCli(['serve', '--port', '0'], env);
    await lines(first).waitFor(/Ctrl-C stops/);

    const second = spawnCli(['mcp'], env);
    let stderr = '';
    second.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const [code] = (await once(second, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain(`in use by another omsdesk process: "omsdesk serve" (pid ${first.pid}`);
    expect(stderr).toMatch(/OMSDESK_DATA_DIR/);

    first.kill('SIGINT');
    expect((await once(first, 'exit'))[0]).toBe(0);
    const next = await DataDirLock.acquire(dataDir, 'omsdesk serve');
    await next.release();
  });
});

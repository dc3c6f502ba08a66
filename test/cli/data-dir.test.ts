import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCliConfig } from '../../src/cli/config.js';
import { userStateDir } from '../../src/cli/data-dir.js';
import { DataDirLock } from '../../src/core/data-dir/lock.js';
import { emptyWorkingDir, lines, logMessages, runCli, spawnCli, stdioConnectError } from '../helpers/cli.js';
import { CLI_BUNDLE } from '../setup/cli-bundle.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-two-processes-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The error an MCP client's connect fails with when it starts `omsdesk mcp` with `env` and the server cannot start. */
const stdioStartFailure = (env: Record<string, string>): Promise<string> =>
  stdioConnectError({
    command: process.execPath,
    args: [CLI_BUNDLE, 'mcp'],
    cwd: emptyWorkingDir(),
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, NODE_NO_WARNINGS: '1', ...env },
  });

/** How `omsdesk mcp` ends when it cannot start and its client has gone (stdin closed). */
async function exitCodeWithoutClient(env: Record<string, string>): Promise<number | null> {
  const child = spawnCli(['mcp'], env);
  child.stdin.end();
  return ((await once(child, 'exit')) as [number | null])[0];
}

describe('one process per data dir', () => {
  it('refuses a second process on a data dir in use, naming the first, and frees it when the first stops', async () => {
    const env = { OMSDESK_DATA_DIR: dataDir, OMSDESK_LOG_LEVEL: 'warn' };
    const first = spawnCli(['serve', '--port', '0'], env);
    await lines(first).waitFor(/Ctrl-C stops/);

    // (A stdio client joins it instead: see stdio-bridge.test.ts.)
    const second = await runCli(['serve', '--port', '0'], env);
    expect(second.code).toBe(1);
    expect(logMessages(second.stderr)).toContain(
      `in use by another omsdesk process: "omsdesk serve" (pid ${first.pid}`,
    );
    expect(logMessages(second.stderr)).toMatch(/OMSDESK_DATA_DIR/);

    first.kill('SIGINT');
    expect((await once(first, 'exit'))[0]).toBe(0);
    const next = await DataDirLock.acquire(dataDir, 'omsdesk serve');
    await next.release();
  });

  it('tells a stdio client when the data dir cannot be written, and exits 78 (configuration)', async () => {
    const file = join(dataDir, 'a-file');
    await writeFile(file, 'not a folder');
    const refused = await stdioStartFailure({ OMSDESK_DATA_DIR: join(file, 'data') });
    expect(refused).toContain(`the data dir ${join(file, 'data')} cannot be written (ENOTDIR)`);
    expect(refused).toContain('set OMSDESK_DATA_DIR to a folder it can write');
    expect(await exitCodeWithoutClient({ OMSDESK_DATA_DIR: join(file, 'data') })).toBe(78);
  });
});

describe('the default data dir', () => {
  it('is the platform’s per-user state folder', () => {
    expect(userStateDir({ XDG_STATE_HOME: '/xdg/state' }, 'linux', '/home/ana')).toBe('/xdg/state/omsdesk');
    expect(userStateDir({}, 'linux', '/home/ana')).toBe('/home/ana/.local/state/omsdesk');
    // A relative XDG_STATE_HOME is invalid by the XDG rules, and ignored.
    expect(userStateDir({ XDG_STATE_HOME: 'state' }, 'freebsd', '/home/ana')).toBe(
      '/home/ana/.local/state/omsdesk',
    );
    expect(userStateDir({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/omsdesk');
    expect(userStateDir({ LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' }, 'win32', 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Local\\omsdesk',
    );
    expect(userStateDir({}, 'win32', 'C:\\Users\\ana')).toBe('C:\\Users\\ana\\AppData\\Local\\omsdesk');
  });

  it('is said at start, on stderr, with why', async () => {
    const home = join(dataDir, 'said-home');
    const child = spawnCli(['serve', '--port', '0'], {
      HOME: home,
      OMSDESK_AUDIT_KEY_FILE: join(home, 'audit.key'),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    await lines(child).waitFor(/Ctrl-C stops/);
    child.kill('SIGINT');
    await once(child, 'exit');
    expect(logMessages(stderr)).toContain(
      `data dir ${join(home, '.local', 'state', 'omsdesk')} (the per-user state folder)`,
    );
  });

  describe('with a .omsdesk of an earlier version in the working directory', () => {
    let root: string;
    let cwd: string;
    let env: Record<string, string>;
    const state = () => join(root, 'state', 'omsdesk');
    beforeEach(async () => {
      root = await mkdtemp(join(dataDir, 'old-default-'));
      cwd = join(root, 'project');
      await mkdir(join(cwd, '.omsdesk'), { recursive: true });
      await writeFile(join(cwd, '.omsdesk', 'audit.jsonl'), 'the old chain\n');
      env = { XDG_STATE_HOME: join(root, 'state') };
    });

    it('moves it to the per-user folder at the start of a long-running command, and says so', async () => {
      const { config, dataDir: choice } = await loadCliConfig({ env, cwd, adopt: 'omsdesk serve' });
      expect(config.dataDir).toBe(state());
      expect(config.audit.path).toBe(join(state(), 'audit.jsonl'));
      expect(choice.notice).toBe(
        `moved the data dir ${join(cwd, '.omsdesk')} (the default of earlier versions) to ${state()}, where every omsdesk started by this user finds it, whatever its working directory`,
      );
      expect(await readFile(join(state(), 'audit.jsonl'), 'utf8')).toBe('the old chain\n');
      expect(existsSync(join(cwd, '.omsdesk'))).toBe(false);
      expect(existsSync(join(state(), 'omsdesk.lock'))).toBe(false);
    });

    it('reads it where it is for a short command (audit verify), moving nothing', async () => {
      const { config } = await loadCliConfig({ env, cwd });
      expect(config.dataDir).toBe(join(cwd, '.omsdesk'));
      expect(existsSync(state())).toBe(false);
    });

    it('uses it where it is, saying why, when the per-user folder already holds a data dir', async () => {
      await mkdir(state(), { recursive: true });
      await writeFile(join(state(), 'audit.jsonl'), 'another chain\n');
      const { config, dataDir: choice } = await loadCliConfig({ env, cwd, adopt: 'omsdesk serve' });
      expect(config.dataDir).toBe(join(cwd, '.omsdesk'));
      expect(choice.notice).toMatch(/holds another data dir: .* is used as it is/);
      expect(await readFile(join(state(), 'audit.jsonl'), 'utf8')).toBe('another chain\n');
    });

    it('leaves it where variables point into it', async () => {
      const pinned = { ...env, OMSDESK_AUDIT_LOG: '.omsdesk/audit.jsonl' };
      const { config, dataDir: choice } = await loadCliConfig({ env: pinned, cwd, adopt: 'omsdesk serve' });
      expect(config.dataDir).toBe(join(cwd, '.omsdesk'));
      expect(choice.notice).toMatch(/stays where it is because OMSDESK_AUDIT_LOG points? into it/);
    });

    it('is not moved while an older omsdesk still runs on it', async () => {
      const held = await DataDirLock.acquire(join(cwd, '.omsdesk'), 'omsdesk serve (older)');
      try {
        await expect(loadCliConfig({ env, cwd, adopt: 'omsdesk serve' })).rejects.toThrow(
          /in use by another omsdesk process/,
        );
        expect(existsSync(join(cwd, '.omsdesk', 'audit.jsonl'))).toBe(true);
      } finally {
        await held.release();
      }
    });
  });
});

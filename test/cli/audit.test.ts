import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/core/audit/index.js';
import { systemClock } from '../../src/core/clock.js';
import { Redactor } from '../../src/core/redact.js';
import { runCli } from '../helpers/cli.js';

let dir: string;
let env: Record<string, string>;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-audit-cli-'));
  file = join(dir, 'data', 'audit.jsonl');
  env = {
    OMSDESK_DATA_DIR: join(dir, 'data'),
    OMSDESK_AUDIT_LOG: file,
    OMSDESK_AUDIT_KEY_FILE: join(dir, 'keys', 'audit.key'),
  };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeThree(anchored: boolean): Promise<void> {
  const log = await AuditLog.open(file, systemClock, new Redactor(), {
    ...(anchored
      ? { anchor: { path: `${file}.anchor`, keyPath: env.OMSDESK_AUDIT_KEY_FILE as string } }
      : {}),
  });
  for (const event of ['previewed', 'approved', 'submitted']) await log.append({ event, ticket: 'T1' });
  await log.close();
}

describe('omsdesk audit', () => {
  it('verify reports an intact chain and anchor with exit 0, and a broken one with the line and exit 1', async () => {
    await writeThree(true);
    const ok = await runCli(['audit', 'verify'], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('3 entries, chain intact, anchor intact (3 lines signed)');

    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${[lines[0], lines[1]?.replace('approved', 'declined'), lines[2]].join('\n')}\n`);
    const broken = await runCli(['audit', 'verify'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('BROKEN at line 2');
  });

  it('verify fails on a log with no anchor; anchor adopts it on purpose and records who did', async () => {
    await writeThree(false);
    const unanchored = await runCli(['audit', 'verify'], env);
    expect(unanchored.code).toBe(1);
    expect(unanchored.stderr).toMatch(/no anchor at .*"omsdesk audit anchor"/);
    expect((await runCli(['audit', 'verify', '--no-anchor'], env)).code).toBe(0);
    const adopted = await runCli(['audit', 'anchor'], env);
    expect(adopted.code).toBe(0);
    expect(adopted.stdout).toContain('4 entries, chain intact, anchor intact (4 lines signed)');
    const last = JSON.parse((await readFile(file, 'utf8')).trimEnd().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({ event: 'anchored', actor: { channel: 'cli', id: 'operator' } });
  });

  it("verify checks every line, also those a start takes on the checkpoint's word, and says what a start makes of the checkpoint", async () => {
    const anchor = { path: `${file}.anchor`, keyPath: env.OMSDESK_AUDIT_KEY_FILE as string };
    const log = await AuditLog.open(file, systemClock, new Redactor(), { anchor });
    await log.replay({ restore: () => true, absorb: () => undefined, snapshot: () => ({}) });
    for (const event of ['previewed', 'approved', 'submitted']) await log.append({ event, ticket: 'T1' });
    await log.close();
    const sound = await runCli(['audit', 'verify'], env);
    expect(sound.stdout).toContain('checkpoint: at line 3, signed and fitting the log');

    // An early line edited without re-chaining the rest: a start reads from the checkpoint and opens it...
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${[lines[0]?.replace('"T1"', '"T2"'), ...lines.slice(1)].join('\n')}\n`);
    await (await AuditLog.open(file, systemClock, new Redactor(), { anchor })).close();
    // ...the full check finds it.
    const broken = await runCli(['audit', 'verify'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('BROKEN at line 1');

    await writeFile(file, `${lines.join('\n')}\n`);
    const checkpoint = await readFile(`${file}.checkpoint`, 'utf8');
    await writeFile(`${file}.checkpoint`, checkpoint.replace('"lines":3', '"lines":2'));
    const altered = await runCli(['audit', 'verify'], env);
    expect(altered.code).toBe(0);
    expect(altered.stdout).toContain(
      'checkpoint: not used by a start (it was altered, or signed with another key)',
    );
  });

  it('verify fails on a missing or an empty log, saying so, with or without the anchor', async () => {
    const missing = await runCli(['audit', 'verify'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`audit log ${file}: does not exist: nothing to verify`);
    expect(missing.stdout).not.toContain('chain intact');
    await mkdir(join(dir, 'data'), { recursive: true });
    await writeFile(file, '');
    for (const args of [
      ['audit', 'verify'],
      ['audit', 'verify', '--no-anchor'],
    ]) {
      const empty = await runCli(args, env);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain(`audit log ${file}: is empty: nothing to verify`);
    }
  });

  it('verify says when only a torn last line is wrong, which the next start repairs', async () => {
    await writeThree(true);
    const tail = '{"seq":4,"at":"2026-11-27T10:00:00.000+05:30","ev';
    await writeFile(file, tail, { flag: 'a' });
    const torn = await runCli(['audit', 'verify'], env);
    expect(torn.code).toBe(1);
    expect(torn.stderr).toContain('BROKEN at line 4: not valid JSON');
    expect(torn.stderr).toContain(`only its last line is cut short (${tail.length} bytes without a newline`);
  });

  it('serve refuses a broken log with exit 78, so a supervisor waits for an operator instead of retrying', async () => {
    await writeThree(true);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${[lines[0], lines[1]?.replace('approved', 'declined'), lines[2]].join('\n')}\n`);
    const refused = await runCli(['serve', '--port', '0'], { ...env, OMSDESK_CONFIRM: 'elicit' });
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain(`audit log ${file} is broken at line 2`);
  });

  it('refuses anything but verify or anchor with a usage message', async () => {
    const { code, stderr } = await runCli(['audit', 'fix'], env);
    expect(code).toBe(2);
    expect(stderr).toContain('omsdesk audit verify|anchor');
  });
});

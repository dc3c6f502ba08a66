import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/core/audit/index.js';
import { systemClock } from '../../src/core/clock.js';
import { Redactor } from '../../src/core/redact.js';
import { runCli } from '../helpers/cli.js';

describe('omsdesk audit verify', () => {
  it('reports an intact chain with exit 0 and a broken one with the line and exit 1', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'omsdesk-audit-cli-')), 'audit.jsonl');
    const log = await AuditLog.open(file, systemClock, new Redactor());
    for (const event of ['previewed', 'approved', 'submitted']) await log.append({ event, ticket: 'T1' });
    await log.close();

    const ok = await runCli(['audit', 'verify', '--file', file]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('3 entries, chain intact');

    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${[lines[0], lines[1]?.replace('approved', 'declined'), lines[2]].join('\n')}\n`);
    const broken = await runCli(['audit', 'verify', '--file', file]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('BROKEN at line 2');
  });

  it('refuses anything but verify with a usage message', async () => {
    const { code, stderr } = await runCli(['audit', 'fix']);
    expect(code).toBe(2);
    expect(stderr).toContain('omsdesk audit verify');
  });
});

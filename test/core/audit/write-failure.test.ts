import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../../src/cli/exit-codes.js';
import { AuditLog, AuditLogBrokenError, verifyAuditLog } from '../../../src/core/audit/index.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';
import { FlakyDisk } from './flaky-disk.js';

let dir: string;
let path: string;
let anchor: { path: string; keyPath: string };
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-audit-fail-'));
  path = join(dir, 'audit.jsonl');
  anchor = { path: `${path}.anchor`, keyPath: join(dir, 'keys', 'audit.key') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = async () => (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '');

describe('the audit log while its disk fails', () => {
  it('keeps nothing of a line a full disk cut short, refuses every append meanwhile, and goes on whole once space is back', async () => {
    const disk = new FlakyDisk();
    const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor, writer: disk });
    await log.append({ event: 'previewed', ticket: 'T1' });
    disk.fail = 'line';
    await expect(log.append({ event: 'approved', ticket: 'T1' })).rejects.toMatchObject({
      name: 'AuditWriteError',
      code: 'ENOSPC',
    });
    expect(await lines()).toHaveLength(1);
    expect((await readFile(path, 'utf8')).endsWith('\n')).toBe(true);
    disk.fail = 'all';
    await expect(log.append({ event: 'approved', ticket: 'T1' })).rejects.toThrow(/cannot be written/);
    expect(await log.writable()).toBe(false);
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 1, anchoredLines: 1 });

    disk.fail = 'none';
    expect(await log.writable()).toBe(true);
    for (let i = 0; i < 3; i++) await log.append({ event: 'order_update', ticket: 'T1' });
    await log.close();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 4, anchoredLines: 4 });
  });

  it('takes back a line its anchor could not follow (read-only), so lines never pile up past the anchor', async () => {
    const disk = new FlakyDisk();
    const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor, writer: disk });
    await log.append({ event: 'previewed', ticket: 'T1' });
    disk.fail = 'anchor';
    for (let i = 0; i < 5; i++)
      await expect(log.append({ event: 'order_update', ticket: 'T1' })).rejects.toMatchObject({
        code: 'EROFS',
      });
    expect(await lines()).toHaveLength(1);
    disk.fail = 'none';
    await log.append({ event: 'approved', ticket: 'T1' });
    await log.close();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 2, anchoredLines: 2 });
    await (await AuditLog.open(path, systemClock, new Redactor(), { anchor })).close();
  });
});

describe('a start after a write was cut short', () => {
  it('repairs a torn last line after a sound, anchored chain: says what it did, keeps a copy, records it', async () => {
    const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
    for (const event of ['previewed', 'approved']) await log.append({ event, ticket: 'T1' });
    await log.close();
    // The process died half way through a line on a full disk.
    const torn = '{"seq":3,"at":"2026-11-27T10:00:00.000+05:30","event":"subm';
    await writeFile(path, torn, { flag: 'a' });
    const broken = await verifyAuditLog(path, anchor);
    expect(broken).toMatchObject({ ok: false, line: 3 });

    const notices: string[] = [];
    const repaired = await AuditLog.open(path, systemClock, new Redactor(), {
      anchor,
      notice: (m) => notices.push(m),
    });
    await repaired.close();
    const copy = (await readdir(dir)).find((f) => f.startsWith('audit.jsonl.torn-')) as string;
    expect(await readFile(join(dir, copy), 'utf8')).toBe(torn);
    expect(notices.join('\n')).toContain(
      `removed a partial last line (${torn.length} bytes after line 2, a write cut short`,
    );
    expect(notices.join('\n')).toContain(`kept in ${join(dir, copy)}`);
    const last = JSON.parse((await lines()).at(-1) as string);
    expect(last).toMatchObject({
      seq: 3,
      event: 'repaired',
      data: { removedBytes: torn.length, afterLine: 2, copy: join(dir, copy) },
    });
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 3, anchoredLines: 3 });
  });

  it('refuses, exit 78, a log whose damage is more than a torn tail, and leaves it untouched', async () => {
    const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
    for (const event of ['previewed', 'approved', 'submitted']) await log.append({ event, ticket: 'T1' });
    await log.close();
    const [a, b, c] = await lines();
    const damaged = `${a}\n${b?.slice(0, 20)}\n${c}\n{"seq":4,"ev`;
    await writeFile(path, damaged);
    const refused = await AuditLog.open(path, systemClock, new Redactor(), { anchor }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AuditLogBrokenError);
    expect(String(refused)).toMatch(/broken at line 2: not valid JSON/);
    expect(exitCodeFor(refused)).toBe(78);
    expect(await readFile(path, 'utf8')).toBe(damaged);
    expect((await readdir(dir)).some((f) => f.includes('.torn-'))).toBe(false);
  });
});

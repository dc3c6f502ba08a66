import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog, verifyAuditLog } from '../../../src/core/audit/index.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';

async function freshLog(redactor = new Redactor()): Promise<{ log: AuditLog; path: string }> {
  const path = join(await mkdtemp(join(tmpdir(), 'omsdesk-audit-')), 'nested', 'audit.jsonl');
  return { log: await AuditLog.open(path, systemClock, redactor), path };
}

async function writeThree(): Promise<string> {
  const { log, path } = await freshLog();
  await log.append({ event: 'previewed', ticket: 'T1', data: { side: 'BUY', quantity: 10 } });
  await log.append({
    event: 'approved',
    ticket: 'T1',
    actor: { channel: 'discord', id: '123', name: 'asha' },
  });
  await log.append({ event: 'placed', ticket: 'T1', data: { orderNumber: '26112000000001' } });
  await log.close();
  return path;
}

async function rewrite(path: string, change: (lines: string[]) => string[]): Promise<void> {
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
  await writeFile(path, `${change(lines).join('\n')}\n`);
}

describe('audit log', () => {
  it('chains each line to the one before and verifies', async () => {
    const path = await writeThree();
    const lines = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3]);
    expect(lines[1].prev).toBe(lines[0].hash);
    expect(lines[0].at).toMatch(/\+05:30$/);
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 3, lastHash: lines[2].hash });
  });

  it.each([
    [
      'an edited field',
      (l: string[]) => [l[0] ?? '', (l[1] ?? '').replace('asha', 'mallory'), l[2] ?? ''],
      2,
      'does not match its hash',
    ],
    ['a removed line', (l: string[]) => [l[0] ?? '', l[2] ?? ''], 2, 'sequence'],
    ['reordered lines', (l: string[]) => [l[1] ?? '', l[0] ?? '', l[2] ?? ''], 1, 'sequence'],
    [
      'a partial last line',
      (l: string[]) => [l[0] ?? '', l[1] ?? '', (l[2] ?? '').slice(0, 30)],
      3,
      'not valid JSON',
    ],
  ])('detects %s and names the line', async (_, change, line, problem) => {
    const path = await writeThree();
    await rewrite(path, change);
    const verdict = await verifyAuditLog(path);
    expect(verdict).toMatchObject({ ok: false, line });
    expect(verdict.ok ? '' : verdict.problem).toContain(problem);
  });

  it('detects a line re-hashed after an edit, because the next line no longer links to it', async () => {
    const path = await writeThree();
    await rewrite(path, (l) => {
      const { hash: _h, ...edited } = { ...JSON.parse(l[1] ?? ''), actor: { channel: 'discord', id: '999' } };
      return [l[0] ?? '', JSON.stringify({ ...edited, hash: 'f'.repeat(64) }), l[2] ?? ''];
    });
    expect(await verifyAuditLog(path)).toMatchObject({ ok: false, line: 2 });
  });

  it('refuses to open a broken log, so nothing is placed without a sound record', async () => {
    const path = await writeThree();
    await rewrite(path, (l) => [l[0] ?? '', l[2] ?? '']);
    await expect(AuditLog.open(path, systemClock, new Redactor())).rejects.toThrow(/broken at line 2/);
  });

  it('continues the chain after a reopen', async () => {
    const path = await writeThree();
    const log = await AuditLog.open(path, systemClock, new Redactor());
    const seen: number[] = [];
    await log.scan((e) => seen.push(e.seq));
    expect(seen).toEqual([1, 2, 3]);
    const fourth = await log.append({ event: 'complete', ticket: 'T1' });
    await log.close();
    expect(fourth.seq).toBe(4);
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 4 });
  });

  it('serializes concurrent appends into one unbroken sequence', async () => {
    const { log, path } = await freshLog();
    await Promise.all(Array.from({ length: 25 }, (_, i) => log.append({ event: 'e', data: { i } })));
    await log.close();
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 25 });
  });

  it('never writes a secret: secret-named fields and known secret values are redacted', async () => {
    const redactor = new Redactor();
    redactor.add('sess-0123456789');
    const { log, path } = await freshLog(redactor);
    await log.append({
      event: 'x',
      data: { jKey: 'anything', note: 'key sess-0123456789 refused', password: 'p' },
    });
    await log.close();
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('sess-0123456789');
    expect(text).not.toContain('anything');
    expect(text).toContain('[redacted]');
  });

  it('treats a missing file as an empty valid log', async () => {
    expect(await verifyAuditLog(join(tmpdir(), 'omsdesk-no-such-audit.jsonl'))).toMatchObject({
      ok: true,
      entries: 0,
    });
  });
});

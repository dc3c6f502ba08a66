import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryHash } from '../../../src/core/audit/entry.js';
import { type AuditEntry, AuditLog, GENESIS, verifyAuditLog } from '../../../src/core/audit/index.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';

let dir: string;
let path: string;
let anchor: { path: string; keyPath: string };
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-anchor-'));
  path = join(dir, 'data', 'audit.jsonl');
  anchor = { path: `${path}.anchor`, keyPath: join(dir, 'keys', 'audit.key') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeFive(): Promise<void> {
  const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
  for (const event of ['previewed', 'approved', 'submitted', 'sent', 'order_update'])
    await log.append({ event, ticket: 'T1', actor: { channel: 'discord', id: 'asha' } });
  await log.close();
}

async function entries(): Promise<AuditEntry[]> {
  return (await readFile(path, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as AuditEntry);
}

/** Writes entries back with a freshly computed chain: what someone rewriting the log would do. */
async function rechain(list: readonly AuditEntry[]): Promise<void> {
  let prev = GENESIS;
  const lines = list.map((e, i) => {
    const { hash: _old, ...rest } = e;
    const body = { ...rest, seq: i + 1, prev };
    prev = entryHash(body);
    return JSON.stringify({ ...body, hash: prev });
  });
  await writeFile(path, `${lines.join('\n')}\n`);
}

describe('the audit anchor', () => {
  it('vouches for an untouched log', async () => {
    await writeFive();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 5, anchoredLines: 5 });
  });

  it('detects a middle line rewritten with the chain re-hashed after it, which the chain alone cannot', async () => {
    await writeFive();
    const list = await entries();
    list[1] = { ...(list[1] as AuditEntry), actor: { channel: 'discord', id: 'mallory' } };
    await rechain(list);
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 5 });
    const verdict = await verifyAuditLog(path, anchor);
    expect(verdict).toMatchObject({ ok: false, line: 5 });
    expect(verdict.ok ? '' : verdict.problem).toMatch(/rewritten and its chain re-hashed/);
    await expect(AuditLog.open(path, systemClock, new Redactor(), { anchor })).rejects.toThrow(/rewritten/);
  });

  it('detects a truncated tail, which the chain alone cannot', async () => {
    await writeFive();
    await rechain((await entries()).slice(0, 3));
    expect(await verifyAuditLog(path)).toMatchObject({ ok: true, entries: 3 });
    const verdict = await verifyAuditLog(path, anchor);
    expect(verdict).toMatchObject({ ok: false, line: 4 });
    expect(verdict.ok ? '' : verdict.problem).toMatch(
      /records 5 lines but the log has 3: lines were cut from the end/,
    );
    await expect(AuditLog.open(path, systemClock, new Redactor(), { anchor })).rejects.toThrow(
      /cut from the end/,
    );
  });

  it('accepts the one line a crash can leave after the last anchor, and re-anchors it at the next open', async () => {
    await writeFive();
    const saved = await readFile(anchor.path, 'utf8');
    const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
    await log.append({ event: 'order_update', ticket: 'T1' });
    await log.close();
    await writeFile(anchor.path, saved); // the anchor update was lost
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 6, anchoredLines: 5 });
    await (await AuditLog.open(path, systemClock, new Redactor(), { anchor })).close();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, anchoredLines: 6 });
  });

  it('refuses lines appended behind its back, an altered anchor, a missing anchor and a missing key', async () => {
    await writeFive();
    const saved = await readFile(anchor.path, 'utf8');
    const list = await entries();
    await rechain([...list, { ...(list[4] as AuditEntry) }, { ...(list[4] as AuditEntry) }]);
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: false, line: 7 });
    await rechain(list);
    const forged = { ...JSON.parse(saved), lines: 4 };
    await writeFile(anchor.path, JSON.stringify(forged));
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: false });
    await unlink(anchor.path);
    const missing = await verifyAuditLog(path, anchor);
    expect(missing.ok ? '' : missing.problem).toMatch(/no anchor/);
    await writeFile(anchor.path, saved);
    await unlink(anchor.keyPath);
    const keyless = await verifyAuditLog(path, anchor);
    expect(keyless.ok ? '' : keyless.problem).toMatch(/key .* is missing/);
  });

  it('anchors an existing log that never had one, and records that in the log itself', async () => {
    const log = await AuditLog.open(path, systemClock, new Redactor());
    await log.append({ event: 'previewed', ticket: 'T1' });
    await log.close();
    const notices: string[] = [];
    const anchored = await AuditLog.open(path, systemClock, new Redactor(), {
      anchor,
      notice: (m) => notices.push(m),
    });
    await anchored.close();
    expect(notices.join()).toMatch(/anchored as found at 1 lines/);
    expect((await entries()).map((e) => e.event)).toEqual(['previewed', 'anchored']);
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, anchoredLines: 2 });
  });
  it('creates the key once when three processes start together on new data dirs: all three sign with it', async () => {
    const logs = ['a', 'b', 'c'].map((name) => join(dir, name, 'audit.jsonl'));
    const opened = await Promise.all(
      logs.map((log) =>
        AuditLog.open(log, systemClock, new Redactor(), {
          anchor: { path: `${log}.anchor`, keyPath: anchor.keyPath },
        }),
      ),
    );
    for (const log of opened) await log.append({ event: 'previewed', ticket: 'T1' });
    await Promise.all(opened.map((log) => log.close()));
    for (const log of logs) {
      const verdict = await verifyAuditLog(log, { path: `${log}.anchor`, keyPath: anchor.keyPath });
      expect(verdict).toMatchObject({ ok: true, anchoredLines: 1 });
    }
    expect(await readdir(join(dir, 'keys'))).toEqual(['audit.key']);
  });
});

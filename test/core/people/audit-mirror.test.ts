import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, type AuditRecord, verifyAuditLog } from '../../../src/core/audit/index.js';
import { TokenAuditMirror, TokenStore, tokenFiles } from '../../../src/core/people/index.js';
import { Redactor } from '../../../src/core/redact.js';
import { FakeClock } from '../support/fake-clock.js';
import { OPERATOR, tokenEvents } from './harness.js';

let dir: string;
const clock = new FakeClock();
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-token-audit-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const auditPath = (): string => join(dir, 'audit.jsonl');

/** One start of the process holding the data dir: opens the log, catches up with the journal, records, stops. */
async function start(
  wrap: (log: AuditLog) => { path: string; append(r: AuditRecord): Promise<unknown> } = (l) => l,
) {
  const log = await AuditLog.open(auditPath(), clock, new Redactor());
  const files = tokenFiles(dir);
  const store = new TokenStore(files.journal);
  await store.refresh();
  const mirror = await TokenAuditMirror.open(store, wrap(log), files.audited);
  try {
    await mirror.run();
  } finally {
    await log.close();
  }
}

describe('token issues and revocations in the audit log', () => {
  it('records each once, in journal order, naming the person and channel, across restarts', async () => {
    const cli = new TokenStore(tokenFiles(dir).journal);
    const a = await cli.issue('asha', 90, OPERATOR, clock.now());
    const b = await cli.issue('ravi', 90, OPERATOR, clock.now());
    await cli.revoke(a.id, OPERATOR, clock.now());
    await start();
    await start();
    const c = await cli.issue('ravi', 1, { channel: 'discord', id: 'ravi' }, clock.now());
    await start();
    await start();
    expect(await tokenEvents(auditPath())).toEqual([
      `token_issued ${a.id} asha cli:operator`,
      `token_issued ${b.id} ravi cli:operator`,
      `token_revoked ${a.id} asha cli:operator`,
      `token_issued ${c.id} ravi discord:ravi`,
    ]);
    expect(await verifyAuditLog(auditPath())).toMatchObject({ ok: true, entries: 4 });
    const text = await readFile(auditPath(), 'utf8');
    for (const t of [a, b, c]) {
      expect(text).not.toContain(t.token);
      expect(text).not.toContain(t.hash);
    }
  });

  it('records the rest of a batch once after the process died inside it, never twice', async () => {
    const cli = new TokenStore(tokenFiles(dir).journal);
    const ids = [];
    for (const person of ['asha', 'ravi', 'meena'])
      ids.push((await cli.issue(person, 90, OPERATOR, clock.now())).id);
    let appended = 0;
    // The first append reaches the log, then the process "dies" before the second.
    const dying = (log: AuditLog) => ({
      path: log.path,
      append: async (record: AuditRecord) => {
        if (appended++ === 1) throw new Error('killed');
        return log.append(record);
      },
    });
    await expect(start(dying)).rejects.toThrow('killed');
    expect(await tokenEvents(auditPath())).toHaveLength(1);
    await start();
    await start();
    expect(await tokenEvents(auditPath())).toEqual([
      `token_issued ${ids[0]} asha cli:operator`,
      `token_issued ${ids[1]} ravi cli:operator`,
      `token_issued ${ids[2]} meena cli:operator`,
    ]);
  });

  it('refuses to start on a damaged checkpoint, saying what deleting it does', async () => {
    await writeFile(tokenFiles(dir).audited, '{"end": "twelve"}');
    await expect(start()).rejects.toThrow(/is damaged: delete it to record the journal again from its start/);
  });
});

import { watch } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuditEntry, type AuditFold, AuditLog, verifyAuditLog } from '../../../src/core/audit/index.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';

/** Counts the lines it takes in, and remembers the last event: a state whose every line shows. */
class Tally implements AuditFold {
  lines = 0;
  last = '';
  restore(state: unknown): boolean {
    const s = state as { lines?: unknown; last?: unknown };
    if (typeof s?.lines !== 'number' || typeof s.last !== 'string') return false;
    [this.lines, this.last] = [s.lines, s.last];
    return true;
  }
  absorb(entry: AuditEntry): void {
    this.lines += 1;
    this.last = entry.event;
  }
  snapshot(): unknown {
    return { lines: this.lines, last: this.last };
  }
}

let dir: string;
let path: string;
let anchor: { path: string; keyPath: string };
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-checkpoint-'));
  path = join(dir, 'audit.jsonl');
  anchor = { path: `${path}.anchor`, keyPath: join(dir, 'keys', 'audit.key') };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Resolves once the checkpoint on disk covers at least `lines` lines (told by the folder's changes). */
async function checkpointAt(lines: number): Promise<void> {
  const covered = async () => {
    const text = await readFile(`${path}.checkpoint`, 'utf8').catch(() => '\n{}');
    return Number(JSON.parse(text.split('\n')[1] ?? '{}').lines ?? 0) >= lines;
  };
  const watcher = watch(dir);
  let wake: () => void = () => undefined;
  watcher.on('change', () => wake());
  try {
    for (;;) {
      // Armed before the look, so a change during it is not missed.
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      if (await covered()) return;
      await changed;
    }
  } finally {
    watcher.close();
  }
}

describe('the audit checkpoint', () => {
  it('is saved every 500 lines while the log runs, so a process that dies replays only what followed it', async () => {
    const running = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
    await running.replay(new Tally());
    for (let i = 0; i < 1_100; i++) await running.append({ event: `e${i}`, ticket: `T${i % 7}` });
    await checkpointAt(500);

    // A second process on the same files, as after a crash of the first: no last checkpoint at close.
    const tally = new Tally();
    const next = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
    await next.replay(tally);
    expect(tally).toMatchObject({ lines: 1_100, last: 'e1099' });
    expect(next.reads.logLines).toBeLessThanOrEqual(1 + 2 * 600);
    const found: number[] = [];
    await next.scan((e) => found.push(e.seq), { ticket: 'T3' });
    expect(found).toEqual(Array.from({ length: 157 }, (_, k) => 4 + 7 * k));
    await next.close();
    await running.close();
  });
  it('reports a log rolled back with its anchor while a newer signed checkpoint stayed, at verify and at start', async () => {
    const write = async (events: readonly string[]) => {
      const log = await AuditLog.open(path, systemClock, new Redactor(), { anchor });
      await log.replay(new Tally());
      for (const event of events) await log.append({ event, ticket: 'T1' });
      await log.close();
    };
    await write(['previewed', 'approved', 'submitted']);
    const [oldLog, oldAnchor] = await Promise.all([readFile(path), readFile(anchor.path)]);
    await write(['sent', 'order_update']);
    // An older copy of the log and its anchor put back together: each alone is sound.
    await Promise.all([writeFile(path, oldLog), writeFile(anchor.path, oldAnchor)]);

    const verdict = await verifyAuditLog(path, anchor);
    expect(verdict).toMatchObject({ ok: false, entries: 3 });
    expect(verdict.ok ? '' : verdict.problem).toMatch(
      /checkpoint .* records 5 lines but the log and its anchor 3: the log was rolled back/,
    );
    await expect(AuditLog.open(path, systemClock, new Redactor(), { anchor })).rejects.toThrow(/rolled back/);

    // The operator, having looked, takes the older copy on purpose: the newer checkpoint goes with that.
    const adopted = await AuditLog.open(path, systemClock, new Redactor(), {
      anchor,
      adopt: { reason: 'restored on purpose', actor: { channel: 'cli', id: 'operator' } },
    });
    await adopted.close();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 4, anchoredLines: 4 });
  });
});

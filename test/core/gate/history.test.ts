import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isGateError } from '../../../src/core/gate/index.js';
import { FakeClock } from '../support/fake-clock.js';
import { ALICE, MODEL } from './harness.js';
import { buy, openOfflineGate, START, writeHistory } from './offline-gate.js';

let dir: string;
let anchor: { path: string; keyPath: string };
let notices: string[];
const notice = (message: string) => notices.push(message);
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-history-'));
  anchor = { path: join(dir, 'audit.jsonl.anchor'), keyPath: join(dir, 'keys', 'audit.key') };
  notices = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A gate over the anchored log of `dir`; settled tickets leave memory at once unless told otherwise. */
const open = (clock: FakeClock, maxSettled = 0) =>
  openOfflineGate(dir, clock, { anchor, notice, gate: { retention: { maxSettled, settledMs: 3_600_000 } } });
const bucketOf = (id: string) => {
  const bucket = createHash('sha256').update(id).digest().readUInt16BE(0) >> 6;
  return join(dir, 'audit.jsonl.index', bucket.toString(16).padStart(3, '0'));
};

describe('a start over a long audit history', () => {
  it('reads a log written before checkpoints (and RFC 8785) once, then only the lines after its checkpoint; its tickets are found through the index', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const first = await open(clock);
    const template = await first.gate.preview(buy, MODEL);
    first.gate.close();
    await first.audit.close();
    const ids = await writeHistory(first.path, template, 20_000, START, anchor);

    // The first start reads it all (checked, then replayed) and checkpoints it.
    const upgraded = await open(clock);
    expect(upgraded.audit.reads.logLines).toBeGreaterThanOrEqual(80_000);
    const pending = await upgraded.gate.preview(buy, MODEL);
    await upgraded.gate.halt(ALICE);
    upgraded.gate.close();
    await upgraded.audit.close();

    // Every later start: the line the checkpoint ends on, and nothing before it.
    const { gate, audit } = await open(clock);
    expect(audit.reads.logLines).toBe(1);
    expect(gate.get(pending.id)?.status).toBe('PENDING');
    expect(gate.killSwitch.engaged()).toBe(true);

    const beforeOld = { ...audit.reads };
    expect(await gate.find((ids[0] as string).toLowerCase())).toMatchObject({
      status: 'DECLINED',
      reason: 'no',
      summary: template.summary,
    });
    expect(audit.reads.logLines - beforeOld.logLines).toBe(2);

    const beforeUnknown = { ...audit.reads };
    expect(await gate.find('TZZZZZZZZ')).toBeUndefined();
    const unknown = await gate.approve('tzzzzzzzz', ALICE).catch((e: unknown) => e);
    expect(isGateError(unknown, 'TICKET_NOT_FOUND')).toBe(true);
    expect(audit.reads.logLines).toBe(beforeUnknown.logLines);
    expect(audit.reads.indexBytes - beforeUnknown.indexBytes).toBeLessThan(8_192);
    expect(notices).toEqual([]);
    gate.close();
    await audit.close();
  });

  it('replays the lines a crash left after the last checkpoint and index update', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const a = await open(clock);
    const declined = await a.gate.preview(buy, MODEL);
    await a.gate.decline(declined.id, ALICE, 'first');
    const later = await a.gate.preview(buy, MODEL);
    a.gate.close();
    await a.audit.close();
    const saved = join(dir, 'checkpoint.saved');
    await copyFile(`${a.path}.checkpoint`, saved);

    const b = await open(clock);
    await b.gate.decline(later.id, ALICE, 'second');
    const pending = await b.gate.preview(buy, MODEL);
    b.gate.close();
    await b.audit.close();
    // As if the process died before saving the checkpoint (the index files got their lines, or not).
    await copyFile(saved, `${a.path}.checkpoint`);

    const { gate, audit } = await open(clock);
    expect(audit.reads.logLines).toBeLessThanOrEqual(1 + 2 * 2);
    expect(gate.get(pending.id)?.status).toBe('PENDING');
    expect((await gate.find(later.id))?.reason).toBe('second');
    expect((await gate.find(declined.id))?.reason).toBe('first');
    expect(notices).toEqual([]);
    gate.close();
    await audit.close();
  });
});

describe('a damaged checkpoint or index', () => {
  it('is not used when altered or signed with another key: the whole log is read, and nothing forged is approvable', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const a = await open(clock);
    const pending = await a.gate.preview(buy, MODEL);
    a.gate.close();
    await a.audit.close();
    const path = `${a.path}.checkpoint`;
    const [mac, text] = (await readFile(path, 'utf8')).split('\n') as [string, string];
    const checkpoint = JSON.parse(text);
    const forged = structuredClone(checkpoint.state.tickets[0]);
    forged.ticket.id = 'TFRGD2345';
    checkpoint.state.tickets.push(forged);
    const forgedText = JSON.stringify(checkpoint);
    const otherKey = createHash('sha256').update(randomBytes(32)).digest('hex');

    for (const signed of [mac, otherKey]) {
      await writeFile(path, `${signed}\n${forgedText}\n`);
      notices = [];
      const { gate, audit } = await open(clock);
      expect(notices.join()).toMatch(/checkpoint .* not used \(it was altered, or signed with another key\)/);
      expect(audit.reads.logLines).toBeGreaterThanOrEqual(2 * 1);
      expect(gate.get('TFRGD2345')).toBeUndefined();
      const refused = await gate.approve('TFRGD2345', ALICE).catch((e: unknown) => e);
      expect(isGateError(refused, 'TICKET_NOT_FOUND')).toBe(true);
      expect(gate.get(pending.id)?.status).toBe('PENDING');
      gate.close();
      await audit.close();
    }
  });

  it('is noticed when the index points elsewhere or lost lines: answers come from the log, and the next start rebuilds it', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const a = await open(clock);
    const first = await a.gate.preview(buy, MODEL);
    await a.gate.decline(first.id, ALICE, 'one');
    const second = await a.gate.preview(buy, MODEL);
    await a.gate.decline(second.id, ALICE, 'two');
    a.gate.close();
    await a.audit.close();

    // The first ticket's places pointed at the second's lines; the second's bucket cut short.
    const firstBucket = await readFile(bucketOf(first.id), 'utf8');
    const secondPlaces = (await readFile(bucketOf(second.id), 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith(`["${second.id}"`))
      .map((l) => JSON.parse(l) as unknown[]);
    let n = 0;
    await writeFile(
      bucketOf(first.id),
      firstBucket.replace(/^\["(T\w+)",(\d+),(\d+),(\d+)\]$/gm, (line, id: string) => {
        if (id !== first.id) return line;
        const [, seq, start, end] = secondPlaces[n++ % secondPlaces.length] as number[];
        return JSON.stringify([id, seq, start, end]).padEnd(line.length, ' ');
      }),
    );
    const b = await open(clock);
    expect((await b.gate.find(first.id))?.reason).toBe('one');
    expect(notices.join()).toMatch(/ticket index .* does not match the log/);
    await expect(stat(`${a.path}.checkpoint`)).rejects.toThrow();
    expect((await b.gate.find(second.id))?.reason).toBe('two');
    b.gate.close();
    await b.audit.close();

    notices = [];
    const c = await open(clock);
    const lines = (await readFile(a.path, 'utf8')).trimEnd().split('\n').length;
    expect(c.audit.reads.logLines).toBeGreaterThanOrEqual(lines);
    const before = c.audit.reads.logLines;
    expect((await c.gate.find(first.id))?.reason).toBe('one');
    expect(c.audit.reads.logLines - before).toBeLessThan(lines);
    expect(notices).toEqual([]);
    c.gate.close();
    await c.audit.close();
  });

  it('reads a place of absurd length as damage, not as a read of that size', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const a = await open(clock);
    const t = await a.gate.preview(buy, MODEL);
    await a.gate.decline(t.id, ALICE, 'one');
    a.gate.close();
    await a.audit.close();
    const bucket = await readFile(bucketOf(t.id), 'utf8');
    const huge = bucket.replace(/^(\["T\w+",\d+,\d+),\d+\]$/m, (_line, head: string) => `${head},1e15]`);
    await writeFile(bucketOf(t.id), huge);
    const b = await open(clock);
    expect((await b.gate.find(t.id))?.reason).toBe('one');
    expect(notices.join()).toMatch(/ticket index .* does not match the log/);
    b.gate.close();
    await b.audit.close();
  });
  it('is noticed when a same-size edit hides a ticket in its bucket: the log still answers, never "no such ticket"', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const a = await open(clock);
    const t = await a.gate.preview(buy, MODEL);
    await a.gate.decline(t.id, ALICE, 'kept');
    a.gate.close();
    await a.audit.close();
    // Every line of the ticket now names another ticket (one letter changed, the size kept).
    const other = `${t.id.slice(0, -1)}${t.id.endsWith('Z') ? 'Y' : 'Z'}`;
    const bucket = await readFile(bucketOf(t.id), 'utf8');
    const edited = bucket.replaceAll(`["${t.id}",`, `["${other}",`);
    expect(edited).not.toBe(bucket);
    expect(Buffer.byteLength(edited)).toBe(Buffer.byteLength(bucket));
    await writeFile(bucketOf(t.id), edited);

    const b = await open(clock);
    expect(await b.gate.find(t.id)).toMatchObject({ status: 'DECLINED', reason: 'kept' });
    expect(notices.join()).toMatch(/ticket index .* does not match the log/);
    b.gate.close();
    await b.audit.close();
  });
});

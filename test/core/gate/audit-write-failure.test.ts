import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../../../src/core/audit/index.js';
import type { GateBroker } from '../../../src/core/gate/index.js';
import { FlakyDisk } from '../audit/flaky-disk.js';
import { FakeClock } from '../support/fake-clock.js';
import { ALICE, MODEL } from './harness.js';
import { buy, offlineBroker, openOfflineGate, START } from './offline-gate.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-gate-disk-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the gate while the audit log cannot be written', () => {
  it('fails closed: no preview, no approval, no order reaches the broker, and the log stays whole', async () => {
    const placed: unknown[] = [];
    const broker = {
      ...offlineBroker,
      placeOrder: async (input: unknown) => {
        placed.push(input);
        throw new Error('no order may be sent while nothing can be recorded');
      },
      placeOrders: async (input: unknown) => {
        placed.push(input);
        throw new Error('no order may be sent while nothing can be recorded');
      },
    } as unknown as GateBroker;
    const disk = new FlakyDisk();
    const anchor = { path: join(dir, 'audit.jsonl.anchor'), keyPath: join(dir, 'keys', 'audit.key') };
    const clock = new FakeClock({ start: START, auto: false });
    const { gate, audit, path } = await openOfflineGate(dir, clock, { anchor, writer: disk, broker });
    const pending = await gate.preview(buy, MODEL);

    for (const fail of ['line', 'anchor', 'all'] as const) {
      disk.fail = fail;
      await expect(gate.preview(buy, MODEL)).rejects.toThrow();
      await expect(gate.approve(pending.id, ALICE)).rejects.toThrow();
      expect(placed).toEqual([]);
      expect(gate.get(pending.id)?.status).not.toBe('PLACED');
      expect((await readFile(path, 'utf8')).endsWith('\n')).toBe(true);
      expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 1 });
      // Whole again at once when only the line failed; else not until the anchor can be written.
      expect(await audit.writable()).toBe(fail === 'line');
    }
    disk.fail = 'none';
    expect(await audit.writable()).toBe(true);
    await gate.preview(buy, MODEL);
    gate.close();
    await audit.close();
    expect(await verifyAuditLog(path, anchor)).toMatchObject({ ok: true, entries: 2 });
  });
});

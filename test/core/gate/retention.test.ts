import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/fake-clock.js';
import { MODEL } from './harness.js';
import { buy, openOfflineGate, START, writeHistory } from './offline-gate.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-retention-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tickets in memory', () => {
  it('stay bounded over 10,000 tickets restored from the audit log, and the evicted ones are still found', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const first = await openOfflineGate(dir, clock);
    const template = await first.gate.preview(buy, MODEL);
    first.gate.close();
    await first.audit.close();
    const ids = await writeHistory(first.path, template, 10_000, START);
    const { gate, audit } = await openOfflineGate(dir, clock, {
      gate: { retention: { maxSettled: 200, settledMs: 3_600_000 } },
    });
    expect(gate.list().length).toBeLessThanOrEqual(200);
    const oldest = await gate.find(ids[0] as string);
    expect(oldest?.status).toBe('DECLINED');
    expect(oldest?.summary).toBe(template.summary);
    gate.close();
    await audit.close();
  });

  it('stay bounded as a live gate previews ticket after ticket, settled ones leaving after the retention window', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const { gate, audit } = await openOfflineGate(dir, clock, {
      env: { OMSDESK_READ_ONLY: 'true' },
      gate: { retention: { maxSettled: 50, settledMs: 60_000 } },
    });
    const ids: string[] = [];
    for (let i = 0; i < 150; i += 1) ids.push((await gate.preview(buy, MODEL)).id);
    expect(gate.list()).toHaveLength(50);
    expect(gate.get(ids[0] as string)).toBeUndefined();
    expect((await gate.find(ids[0] as string))?.status).toBe('REFUSED');
    await clock.advance(61_000);
    await gate.preview(buy, MODEL);
    expect(gate.list()).toHaveLength(1);
    gate.close();
    await audit.close();
  });
});

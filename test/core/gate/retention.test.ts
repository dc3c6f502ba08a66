import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryHash } from '../../../src/core/audit/entry.js';
import { type AuditEntry, AuditLog, GENESIS } from '../../../src/core/audit/index.js';
import { type InstrumentCatalog, parseInstrumentCatalog } from '../../../src/core/catalogue/index.js';
import { loadConfig } from '../../../src/core/config/index.js';
import { type GateBroker, type GateOptions, OrderGate, type Ticket } from '../../../src/core/gate/index.js';
import { Redactor } from '../../../src/core/redact.js';
import { toIstIso } from '../../../src/core/time/ist.js';
import { createMarket, instrumentsCsv } from '../../../src/sim/market/index.js';
import { FakeClock } from '../support/fake-clock.js';
import { MODEL } from './harness.js';

const START = Date.UTC(2026, 10, 20, 4, 30, 0);

/** A broker that prices everything at ₹100 and never places: previews need no network here. */
const broker = {
  getQuote: async () => ({
    lastPrice: 100,
    bids: [{ price: 99.95, quantity: 10, orders: 1 }],
    asks: [{ price: 100.05, quantity: 10, orders: 1 }],
    lowerCircuit: 90,
    upperCircuit: 110,
  }),
  getLimits: async () => ({ available: 1e9 }),
} as unknown as GateBroker;

let dir: string;
let catalog: InstrumentCatalog;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-retention-'));
  catalog ??= parseInstrumentCatalog(
    instrumentsCsv(createMarket({ seed: 1, hours: 'always' }).universe(START)),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function openGate(clock: FakeClock, env: Record<string, string>, options: Partial<GateOptions> = {}) {
  const config = loadConfig({ env: { OMSDESK_DATA_DIR: dir, ...env } });
  const audit = await AuditLog.open(config.audit.path, clock, new Redactor());
  const gate = await OrderGate.open({
    broker,
    catalog: () => catalog,
    audit,
    clock,
    policy: config.policy,
    ...options,
  });
  return { gate, audit, path: config.audit.path };
}

const buy = {
  kind: 'single',
  order: { instrument: 'SBIN', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
} as const;

/** Writes an audit log of `count` previewed-then-declined tickets in one go (a chain, as the gate writes it). */
async function writeHistory(path: string, template: Ticket, count: number, at: number): Promise<string[]> {
  const lines: string[] = [];
  const ids: string[] = [];
  let prev = GENESIS;
  const add = (event: string, ticket: string, data: unknown): void => {
    const body = { seq: lines.length + 1, at: toIstIso(at), event, ticket, data, prev };
    const entry: AuditEntry = { ...body, hash: entryHash(body) };
    lines.push(JSON.stringify(entry));
    prev = entry.hash;
  };
  for (let i = 0; i < count; i += 1) {
    const id = `T${String(i).padStart(8, '0')}`;
    ids.push(id);
    add('previewed', id, { status: 'PENDING', hash: template.hash, ticket: { ...template, id } });
    add('declined', id, { status: 'DECLINED', reason: 'no' });
  }
  await writeFile(path, `${lines.join('\n')}\n`);
  return ids;
}

describe('tickets in memory', () => {
  it('stay bounded over 10,000 tickets restored from the audit log, and the evicted ones are still found', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const first = await openGate(clock, {});
    const template = await first.gate.preview(buy, MODEL);
    first.gate.close();
    await first.audit.close();
    const ids = await writeHistory(first.path, template, 10_000, START);
    const { gate, audit } = await openGate(
      clock,
      {},
      { retention: { maxSettled: 200, settledMs: 3_600_000 } },
    );
    expect(gate.list().length).toBeLessThanOrEqual(200);
    const oldest = await gate.find(ids[0] as string);
    expect(oldest?.status).toBe('DECLINED');
    expect(oldest?.summary).toBe(template.summary);
    gate.close();
    await audit.close();
  });

  it('stay bounded as a live gate previews ticket after ticket, settled ones leaving after the retention window', async () => {
    const clock = new FakeClock({ start: START, auto: false });
    const { gate, audit } = await openGate(
      clock,
      { OMSDESK_READ_ONLY: 'true' },
      { retention: { maxSettled: 50, settledMs: 60_000 } },
    );
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

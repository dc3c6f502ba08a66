import { mkdir, open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createAnchorKey, readAnchorKey, writeAnchor } from '../../../src/core/audit/anchor.js';
import { legacyCanonicalJson } from '../../../src/core/audit/canonical.js';
import {
  type AnchorOptions,
  type AuditEntry,
  AuditLog,
  type AuditWriter,
  GENESIS,
  sha256,
} from '../../../src/core/audit/index.js';
import { type InstrumentCatalog, parseInstrumentCatalog } from '../../../src/core/catalogue/index.js';
import { loadConfig } from '../../../src/core/config/index.js';
import { type GateBroker, type GateOptions, OrderGate, type Ticket } from '../../../src/core/gate/index.js';
import { Redactor } from '../../../src/core/redact.js';
import { toIstIso } from '../../../src/core/time/ist.js';
import { createMarket, instrumentsCsv } from '../../../src/sim/market/index.js';
import type { FakeClock } from '../support/fake-clock.js';

/** 10:00 IST, 20 Nov 2026. */
export const START = Date.UTC(2026, 10, 20, 4, 30, 0);

/** A broker that prices everything at ₹100 and never places: previews need no network here. */
export const offlineBroker = {
  getQuote: async () => ({
    lastPrice: 100,
    bids: [{ price: 99.95, quantity: 10, orders: 1 }],
    asks: [{ price: 100.05, quantity: 10, orders: 1 }],
    lowerCircuit: 90,
    upperCircuit: 110,
  }),
  getLimits: async () => ({ available: 1e9 }),
} as unknown as GateBroker;

export const buy = {
  kind: 'single',
  order: { instrument: 'SBIN', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
} as const;

let catalog: InstrumentCatalog | undefined;

/** A gate over the audit log of `dir` (anchored when `anchor` is given), with the offline broker. */
export async function openOfflineGate(
  dir: string,
  clock: FakeClock,
  options: {
    env?: Record<string, string>;
    gate?: Partial<GateOptions>;
    anchor?: AnchorOptions;
    notice?: (message: string) => void;
    writer?: AuditWriter;
    broker?: GateBroker;
  } = {},
) {
  catalog ??= parseInstrumentCatalog(
    instrumentsCsv(createMarket({ seed: 1, hours: 'always' }).universe(START)),
  );
  const known = catalog;
  const config = loadConfig({ env: { OMSDESK_DATA_DIR: dir, ...options.env } });
  const audit = await AuditLog.open(config.audit.path, clock, new Redactor(), {
    ...(options.anchor === undefined ? {} : { anchor: options.anchor }),
    ...(options.notice === undefined ? {} : { notice: options.notice }),
    ...(options.writer === undefined ? {} : { writer: options.writer }),
  });
  const gate = await OrderGate.open({
    broker: options.broker ?? offlineBroker,
    catalog: () => known,
    audit,
    clock,
    policy: config.policy,
    ...options.gate,
  });
  return { gate, audit, path: config.audit.path };
}

/**
 * Writes an audit log of `count` previewed-then-declined tickets (two lines each) in one go, as the gate
 * writes them, re-signing the anchor when given: history made fast, in the log's own format, as a version
 * before RFC 8785 and checkpoints left it (any checkpoint and index beside it are removed).
 */
export async function writeHistory(
  path: string,
  template: Ticket,
  count: number,
  at: number,
  anchor?: AnchorOptions,
): Promise<string[]> {
  const ids: string[] = [];
  await rm(`${path}.checkpoint`, { force: true });
  await rm(`${path}.index`, { recursive: true, force: true });
  await mkdir(dirname(path), { recursive: true });
  const file = await open(path, 'w', 0o600);
  let seq = 0;
  let prev = GENESIS;
  const line = (event: string, ticket: string, data: unknown): string => {
    seq += 1;
    const body = { seq, at: toIstIso(at), event, ticket, data, prev };
    // Hashed as versions before RFC 8785 hashed their lines.
    const entry: AuditEntry = { ...body, hash: sha256(`${prev}\n${legacyCanonicalJson(body)}`) };
    prev = entry.hash;
    return `${JSON.stringify(entry)}\n`;
  };
  try {
    for (let i = 0; i < count; i += 1000) {
      const chunk: string[] = [];
      for (let j = i; j < Math.min(count, i + 1000); j += 1) {
        const id = `T${String(j).padStart(8, '0')}`;
        ids.push(id);
        chunk.push(
          line('previewed', id, { status: 'PENDING', hash: template.hash, ticket: { ...template, id } }),
        );
        chunk.push(line('declined', id, { status: 'DECLINED', reason: 'no' }));
      }
      await file.appendFile(chunk.join(''));
    }
  } finally {
    await file.close();
  }
  if (anchor) {
    const key = (await readAnchorKey(anchor.keyPath)) ?? (await createAnchorKey(anchor.keyPath));
    await writeAnchor(anchor.path, key, seq, prev);
  }
  return ids;
}

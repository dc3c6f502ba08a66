import { afterEach, describe, expect, it } from 'vitest';
import { isGateError } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const buy = (quantity = 1) =>
  ({
    kind: 'single',
    order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity, priceType: 'MKT', product: 'I' },
  }) as const;

describe('tickets across a restart', () => {
  it('come back from the audit log: a pending one can still be approved, decided ones read as decided', async () => {
    g = await startGate();
    const pending = await g.gate.preview(buy(), MODEL);
    const filled = await g.gate.preview(buy(2), MODEL);
    await g.gate.approve(filled.id, ALICE);
    const declined = await g.gate.preview(buy(3), MODEL);
    await g.gate.decline(declined.id, ALICE, 'not today');

    const gate = await g.reopen();
    expect(gate.get(pending.id)?.status).toBe('PENDING');
    expect(gate.get(pending.id)?.summary).toBe(pending.summary);
    const complete = await gate.find(filled.id);
    expect(complete?.status).toBe('COMPLETE');
    expect(complete?.legs[0]?.outcome?.orderNumber).toMatch(/^\d{14}$/);
    expect(complete?.decidedBy).toEqual(ALICE);
    expect((await gate.status(declined.id))?.reason).toBe('not today');

    const placed = await gate.approve(pending.id.toLowerCase(), ALICE);
    expect(placed.status).toBe('COMPLETE');
    expect(g.placements).toHaveLength(2);
    const again = await gate.approve(filled.id, ALICE).catch((e: unknown) => e);
    expect(isGateError(again, 'TICKET_DECIDED')).toBe(true);
  });

  it('keep a halt engaged across a restart until someone resumes', async () => {
    g = await startGate();
    await g.gate.halt(ALICE);
    const halted = await g.reopen();
    const refused = await halted.preview(buy(), MODEL);
    expect(refused.violations.map((v) => v.rule)).toContain('KILL_SWITCH');
    await halted.resume(ALICE);
    const resumed = await g.reopen();
    expect((await resumed.preview(buy(), MODEL)).status).toBe('PENDING');
  });

  it('expire a pending ticket whose time ran out while the process was down', async () => {
    g = await startGate();
    const t = await g.gate.preview(buy(), MODEL);
    await g.clock.advance(121_000);
    const gate = await g.reopen();
    expect(gate.get(t.id)?.status).toBe('EXPIRED');
    expect(isGateError(await gate.approve(t.id, ALICE).catch((e: unknown) => e), 'TICKET_EXPIRED')).toBe(
      true,
    );
  });

  it('settle an approval the last process recorded but never sent as NOT_PLACED, with the hold given back', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '1' });
    await g.client.login();
    const t = await g.gate.preview(buy(), MODEL);
    // The approval is re-checking prices (after "approved", before "submitted") when the process stops.
    await g.h.post('/_sim/faults', { fault: { kind: 'latency', ms: 800 }, paths: ['/apiV2/getQuotes'] });
    const first = g.gate.approve(t.id, ALICE).catch((e: unknown) => e);
    for (let i = 0; i < 50 && !(await g.auditEvents()).includes('approved'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const gate = await g.reopen();
    expect(isGateError(await first, 'CHECKS_FAILED')).toBe(true);
    const restored = gate.get(t.id);
    expect(restored?.status).toBe('NOT_PLACED');
    expect(restored?.legs[0]?.outcome?.reason).toMatch(/stopped before sending it; nothing was sent/);
    expect(g.placements).toHaveLength(0);
    expect((await gate.preview(buy(), MODEL)).status).toBe('PENDING');
  });

  it('are found in any letter case, and an id never issued is told apart from one decided long ago', async () => {
    g = await startGate({}, { retention: { settledMs: 1_000, maxSettled: 1 } });
    const t = await g.gate.preview(buy(), MODEL);
    expect(g.gate.get(t.id.toLowerCase())?.id).toBe(t.id);
    await g.gate.decline(t.id.toLowerCase(), ALICE);
    await g.clock.advance(2_000);
    await g.gate.preview(buy(), MODEL); // evicts the declined ticket from memory
    expect(g.gate.get(t.id)).toBeUndefined();
    expect((await g.gate.find(t.id.toLowerCase()))?.status).toBe('DECLINED');
    const decided = await g.gate.approve(t.id, ALICE).catch((e: unknown) => e);
    expect(isGateError(decided, 'TICKET_DECIDED')).toBe(true);
    const unknown = await g.gate.approve('TZZZZZZZZ', ALICE).catch((e: unknown) => e);
    expect(isGateError(unknown, 'TICKET_NOT_FOUND')).toBe(true);
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isGateError, type Ticket } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const BUY = {
  kind: 'single',
  order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
} as const;

/** Holds the next call to `path` at the paper broker until released. */
function holdNext(h: GateHarness, path: string): void {
  h.h.sim.faults.arm({ kind: 'hold' }, 1, [path]);
}

/** An approval under way, its outcome (ticket or error) kept for later. */
function approving(h: GateHarness, id: string): Promise<Ticket | Error> {
  return h.gate.approve(id, ALICE).catch((error: Error) => error);
}

describe('a halt', () => {
  it('refuses an approval held inside its re-check quote: nothing is sent, the hold on the caps is given back', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '1' });
    const t = await g.gate.preview(BUY, MODEL);
    holdNext(g, '/apiV2/getQuotes');
    const approval = approving(g, t.id);
    await g.h.sim.faults.whenHeld(1);
    const report = await g.gate.halt(ALICE, 'fat finger');
    expect(report.leftBefore).toEqual([]);
    g.h.sim.faults.release();
    const refused = await approval;
    expect(isGateError(refused, 'CHECKS_FAILED')).toBe(true);
    expect((refused as Error).message).toMatch(
      /halted before the order left.*kill switch is on.*Nothing was sent/,
    );
    expect(g.gate.get(t.id)?.status).toBe('REFUSED');
    expect(g.placements).toHaveLength(0);
    expect(await g.client.getOrderBook()).toHaveLength(0);
    const events = await g.auditEntries();
    expect(events.map((e) => e.event)).toEqual([
      'previewed',
      'approved',
      'kill_switch_on',
      'submitted',
      'refused',
    ]);
    expect(events[2]?.data).toEqual({ reason: 'fat finger', leftBefore: [] });
    expect(events[4]?.data).toMatchObject({ status: 'REFUSED', release: { orders: 1 } });
    // The cap of one order a day is free again: after /resume the next approval may place it.
    await g.gate.resume(ALICE);
    const next = await g.gate.preview(BUY, MODEL);
    expect((await g.gate.approve(next.id, ALICE)).legs[0]?.outcome?.orderNumber).toMatch(/^\d{14}$/);
  });

  it('names an approval held inside its placement (past its last look), once the broker answered it', async () => {
    g = await startGate();
    const sent = await g.gate.preview(BUY, MODEL);
    const checking = await g.gate.preview(BUY, MODEL);
    holdNext(g, '/apiV2/placeOrder');
    const placing = approving(g, sent.id);
    await g.h.sim.faults.whenHeld(1);
    holdNext(g, '/apiV2/getQuotes');
    const rechecking = approving(g, checking.id);
    await g.h.sim.faults.whenHeld(2);
    let halted: Awaited<ReturnType<typeof g.gate.halt>> | undefined;
    const halt = g.gate.halt(ALICE).then((r) => {
      halted = r;
    });
    // The switch took hold at once: the halt waits only for the order already on its way.
    expect(g.gate.killSwitch.engaged()).toBe(true);
    g.h.sim.faults.release();
    await halt;
    const number = halted?.leftBefore[0]?.legs[0]?.outcome?.orderNumber;
    expect(halted?.leftBefore.map((t) => t.id)).toEqual([sent.id]);
    expect(number).toMatch(/^\d{14}$/);
    expect(isGateError(await rechecking, 'CHECKS_FAILED')).toBe(true);
    expect((await placing) as Ticket).toMatchObject({ id: sent.id });
    expect(g.placements).toHaveLength(1);
    expect((await g.client.getOrderBook()).map((o) => o.orderNumber)).toEqual([number]);
    const on = (await g.auditEntries()).find((e) => e.event === 'kill_switch_on');
    expect(on?.data).toEqual({ leftBefore: [sent.id] });
  });

  it('by the kill-switch file holds an approval inside its re-check quote the same way', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY, MODEL);
    holdNext(g, '/apiV2/getQuotes');
    const approval = approving(g, t.id);
    await g.h.sim.faults.whenHeld(1);
    await writeFile(join(g.dataDir, 'KILL'), '');
    g.h.sim.faults.release();
    expect((await approval) as Error).toHaveProperty(
      'message',
      expect.stringMatching(/halted before the order left.*the file .*KILL exists/),
    );
    expect(g.placements).toHaveLength(0);
  });
});

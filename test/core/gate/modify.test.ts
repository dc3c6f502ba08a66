import { afterEach, describe, expect, it } from 'vitest';
import { isGateError, type TicketRequest } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

/** A resting INFY limit buy of 5 placed through an approved ticket; its number and limit. */
async function resting(h: GateHarness): Promise<{ n: string; price: number }> {
  const last = (await h.client.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice ?? 0;
  const price = Math.round(last * 0.97 * 20) / 20;
  const t = await h.gate.preview(
    {
      kind: 'single',
      order: { instrument: 'NSE:INFY-EQ', side: 'BUY', quantity: 5, priceType: 'LMT', price, product: 'I' },
    },
    MODEL,
  );
  const n = (await h.gate.approve(t.id, ALICE)).legs[0]?.outcome?.orderNumber as string;
  expect(n).toMatch(/^\d{14}$/);
  return { n, price };
}

const modify = (m: Extract<TicketRequest, { kind: 'modify' }>['modify']): TicketRequest => ({
  kind: 'modify',
  modify: m,
});
const changesAtBroker = async (h: GateHarness, n: string) =>
  (await h.client.getOrderHistory(n)).events.filter(
    (e) => e.reportType === 'ModAck' || e.reportType === 'ReplaceRejected',
  );

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isGateError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return `${error.code}: ${error.message}`;
}

describe('a modification is a ticket', () => {
  it('previewed, approved by a human, then sent once: the broker re-prices the order; audited like a placement', async () => {
    g = await startGate();
    const { n, price } = await resting(g);
    const t = await g.gate.preview(modify({ orderNumber: n, price: price - 1, quantity: 8 }), MODEL);
    expect(t).toMatchObject({ kind: 'modify', modifies: n, status: 'PENDING' });
    expect(t.summary).toMatch(new RegExp(`Modifies working order ${n}`));
    expect(await changesAtBroker(g, n)).toEqual([]);
    const approved = await g.gate.approve(t.id, ALICE);
    expect(approved.legs[0]?.outcome).toMatchObject({ orderNumber: n, status: 'OPEN' });
    expect((await g.client.getOrderHistory(n)).current).toMatchObject({
      reportType: 'Replaced',
      quantity: 8,
      price: price - 1,
    });
    const lines = (await g.auditEntries()).filter((e) => e.ticket === t.id).map((e) => e.event);
    expect(lines.slice(0, 4)).toEqual(['previewed', 'approved', 'submitted', 'sent']);
  });

  it('the caps hold on the new value', async () => {
    g = await startGate({ OMSDESK_MAX_ORDER_VALUE: '20000' });
    const { n } = await resting(g);
    const t = await g.gate.preview(modify({ orderNumber: n, quantity: 50 }), MODEL);
    expect(t.status).toBe('REFUSED');
    expect(t.reason).toMatch(new RegExp(`^order ${n}: `));
    expect(t.violations.map((v) => v.rule)).toContain('ORDER_VALUE_CAP');
    expect(await changesAtBroker(g, n)).toEqual([]);
  });

  it('a halt at the moment it is sent refuses it: nothing changes at the broker', async () => {
    g = await startGate();
    const { n, price } = await resting(g);
    const t = await g.gate.preview(modify({ orderNumber: n, price: price - 1 }), MODEL);
    await g.gate.halt(ALICE, 'stop');
    expect(await refusal(g.gate.approve(t.id, ALICE))).toMatch(/^CHECKS_FAILED: The kill switch is on/);
    expect(await changesAtBroker(g, n)).toEqual([]);
  });

  it('refuses bad changes with a reason naming the order; nothing reaches the broker', async () => {
    g = await startGate();
    const { n, price } = await resting(g);
    const refused = [
      await refusal(g.gate.preview(modify({ orderNumber: '26112099999999', price }), MODEL)),
      await refusal(g.gate.preview(modify({ orderNumber: n, quantity: 0 }), MODEL)),
      await refusal(g.gate.preview(modify({ orderNumber: n, price: -5 }), MODEL)),
      await refusal(g.gate.preview(modify({ orderNumber: n, price, side: 'SELL' }), MODEL)),
      await refusal(g.gate.preview(modify({ orderNumber: n, price, instrument: 'NSE:TCS-EQ' }), MODEL)),
    ];
    expect(refused[0]).toBe(
      "INVALID_ORDER: order 26112099999999: it is not one of this account's orders today; nothing was sent",
    );
    expect(refused[1]).toMatch(
      new RegExp(`^INVALID_ORDER: order ${n}: .*quantity must be a positive whole number`),
    );
    expect(refused[2]).toMatch(new RegExp(`^INVALID_ORDER: order ${n}: .*price`));
    expect(refused[3]).toMatch(
      new RegExp(`^INVALID_ORDER: order ${n}: a modification cannot change its side`),
    );
    expect(refused[4]).toMatch(
      new RegExp(`^INVALID_ORDER: order ${n}: a modification cannot change its instrument`),
    );
    const offTick = await g.gate.preview(modify({ orderNumber: n, price: price - 0.01 }), MODEL);
    expect(offTick.status).toBe('REFUSED');
    expect(offTick.reason).toMatch(new RegExp(`^order ${n}: .*tick`));
    expect(await changesAtBroker(g, n)).toEqual([]);
  });

  it('refuses a modification of an order being cancelled, at preview and at its last look', async () => {
    g = await startGate();
    const { n, price } = await resting(g);
    const pending = await g.gate.preview(modify({ orderNumber: n, price: price - 1 }), MODEL);
    g.h.sim.faults.arm({ kind: 'hold' }, 1, ['/apiV2/cancelOrder']);
    const cancelling = g.gate.cancel(n, { actor: MODEL, approver: false });
    await g.h.sim.faults.whenHeld(1);
    expect(await refusal(g.gate.preview(modify({ orderNumber: n, price: price - 2 }), MODEL))).toBe(
      `INVALID_ORDER: order ${n}: it is being cancelled, so it cannot be modified; nothing was sent`,
    );
    expect(await refusal(g.gate.approve(pending.id, ALICE))).toMatch(
      new RegExp(`^CHECKS_FAILED: order ${n} is being cancelled`),
    );
    g.h.sim.faults.release();
    expect((await cancelling).outcome).toBe('cancelled');
    expect(await changesAtBroker(g, n)).toEqual([]);
    expect(await refusal(g.gate.preview(modify({ orderNumber: n, price: price - 2 }), MODEL))).toBe(
      `INVALID_ORDER: order ${n}: it is CANCELED: only a working order can be modified; nothing was sent`,
    );
  });
});

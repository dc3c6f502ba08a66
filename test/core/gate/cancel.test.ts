import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/core/audit/index.js';
import { OrderCancels } from '../../../src/core/gate/cancels.js';
import { isGateError } from '../../../src/core/gate/index.js';
import { underMarket } from '../../helpers/resting-order.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const BOB: Actor = { channel: 'test', id: 'bob', name: 'Bob' };
const TRADER = { actor: MODEL, approver: false };
const APPROVER = { actor: ALICE, approver: true };

/** A resting limit buy placed through a ticket MODEL asked for and ALICE approved; its order number. */
async function ticketOrder(h: GateHarness, quantity = 5): Promise<string> {
  const price = await underMarket(h.client);
  const t = await h.gate.preview(
    {
      kind: 'single',
      order: { instrument: 'NSE:INFY-EQ', side: 'BUY', quantity, priceType: 'LMT', price, product: 'I' },
    },
    MODEL,
  );
  const approved = await h.gate.approve(t.id, ALICE);
  const n = approved.legs[0]?.outcome?.orderNumber;
  expect(n).toMatch(/^\d{14}$/);
  return n as string;
}

/** A resting order placed outside omsdesk (the broker's own app: no tag). */
async function outsideOrder(h: GateHarness): Promise<string> {
  const price = await underMarket(h.client);
  const answer = await h.h.post('/apiV2/placeOrder', {
    userId: 'SIM001',
    jKey: await h.h.loginV2(),
    exchange: 'NSE',
    tradingSymbol: 'INFY-EQ',
    quantity: '3',
    price: price.toFixed(2),
    product: 'I',
    transactionType: 'B',
    priceType: 'LMT',
    retention: 'DAY',
    remarks: 'from the app',
  });
  return (answer.json as { data: { orderNumber: string } }).data.orderNumber;
}

const reportsOf = async (h: GateHarness, n: string) =>
  (await h.client.getOrderHistory(n)).events.map((e) => e.reportType);

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isGateError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('cancelling through the gate', () => {
  it('lets the requester cancel an order they asked for, audited with the person, no confirmation', async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    const result = await g.gate.cancel(n, TRADER);
    expect(result).toMatchObject({ orderNumber: n, outcome: 'cancelled', cancelledQuantity: 5 });
    expect((await g.client.getOrderHistory(n)).current.status).toBe('CANCELED');
    const line = (await g.auditEntries()).find((e) => e.event === 'order_cancel');
    expect(line?.actor).toEqual(MODEL);
    expect(line?.data).toMatchObject({ orderNumber: n, outcome: 'cancelled' });
  });

  it("refuses someone else's order to a trader and an order placed outside omsdesk to anyone but an approver", async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    const other = await refusal(g.gate.cancel(n, { actor: BOB, approver: false }));
    expect(other).toEqual({
      code: 'NOT_ALLOWED',
      message: `order ${n} was asked for by someone else: only they or an approver may cancel it: nothing was sent`,
    });
    const outside = await outsideOrder(g);
    expect((await refusal(g.gate.cancel(outside, TRADER))).message).toMatch(
      new RegExp(`order ${outside} was placed outside omsdesk: only an approver may cancel it`),
    );
    expect(await reportsOf(g, n)).not.toContain('CanAck');
    expect(await reportsOf(g, outside)).not.toContain('CanAck');
    expect((await g.gate.cancel(outside, APPROVER)).outcome).toBe('cancelled');
    expect((await g.gate.cancel(n, { actor: BOB, approver: true })).outcome).toBe('cancelled');
    const refused = (await g.auditEntries()).filter((e) => e.event === 'order_cancel_refused');
    expect(refused.map((e) => e.actor?.id)).toEqual(['bob', 'model']);
  });

  it("refuses an order that is not the account's today, naming it; nothing reaches the broker", async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    const unknown = await refusal(g.gate.cancel('26112099999999', APPROVER));
    expect(unknown).toEqual({
      code: 'INVALID_ORDER',
      message: "order 26112099999999 is not one of this account's orders today: nothing was sent",
    });
    // The next day, yesterday's order is not today's.
    g.h.clock.advance(24 * 3_600_000);
    await g.clock.advance(24 * 3_600_000);
    expect((await refusal(g.gate.cancel(n, APPROVER))).message).toMatch(
      new RegExp(`order ${n} is not one of this account's orders today`),
    );
  });

  it('is allowed while halted', async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    await g.gate.halt(ALICE, 'stop');
    expect((await g.gate.cancel(n, TRADER)).outcome).toBe('cancelled');
  });

  it('tells a filled order as filled and sends nothing', async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    const last = (await g.client.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice ?? 0;
    await g.h.post('/_sim/price', { exchange: 'NSE', tradingSymbol: 'INFY-EQ', price: last * 0.95 });
    g.h.clock.advance(5_000);
    const result = await g.gate.cancel(n, TRADER);
    expect(result).toMatchObject({ outcome: 'filled' });
    expect(result.detail).toMatch(new RegExp(`order ${n} had already filled`));
    expect(await reportsOf(g, n)).not.toContain('CancelRejected');
  });

  it('a cancel racing the fill is told truly: the broker refused it because the order had filled', async () => {
    g = await startGate();
    const h = g;
    const n = await ticketOrder(h);
    // The book as read just before the fill: the order still works there.
    const stale = await h.client.getOrderBook({ lane: 'placement' });
    const last = (await h.client.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice ?? 0;
    await h.h.post('/_sim/price', { exchange: 'NSE', tradingSymbol: 'INFY-EQ', price: last * 0.95 });
    h.h.clock.advance(5_000);
    const cancels = new OrderCancels({
      broker: { ...h.client, getOrderBook: async () => stale },
      audit: h.audit,
      findTicket: (id) => h.gate.find(id),
    });
    const result = await cancels.cancel(n, APPROVER);
    expect(result).toMatchObject({ orderNumber: n, outcome: 'filled', filledQuantity: 5 });
    expect(result.detail).toBe(`order ${n} had already filled (5 filled): nothing to cancel`);
    expect((await reportsOf(h, n))[0]).toBe('CancelRejected');
  });

  it('a burst of cancels of one order sends one request; every asker hears the one outcome', async () => {
    g = await startGate();
    const n = await ticketOrder(g);
    const results = await Promise.all(Array.from({ length: 6 }, () => g?.gate.cancel(n, TRADER)));
    expect(results.map((r) => r?.outcome)).toEqual(Array(6).fill('cancelled'));
    const reports = await reportsOf(g, n);
    expect(reports.filter((r) => r === 'CanAck' || r === 'CancelRejected')).toEqual(['CanAck']);
    expect((await g.auditEntries()).filter((e) => e.event === 'order_cancel')).toHaveLength(1);
  });
});

describe('a halt that pulls', () => {
  it('cancels 100 working orders within seconds inside the broker limits; each is reported and audited', async () => {
    g = await startGate();
    const price = await underMarket(g.client);
    const order = {
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'LMT',
      price,
      product: 'I',
    } as const;
    for (let i = 0; i < 10; i++) await g.client.placeOrders(Array.from({ length: 10 }, () => order));
    const { price: _limit, ...market } = order;
    const filled = await g.client.placeOrder({ ...market, priceType: 'MKT' });
    // A new minute at the broker: its window of 200 orders a minute starts again.
    g.h.clock.advance(60_000);
    await g.clock.advance(60_000);
    const started = performance.now();
    const report = await g.gate.halt(ALICE, 'pull everything', { cancelWorking: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(report.pulled).toHaveLength(100);
    expect(new Set(report.pulled?.map((p) => p.outcome))).toEqual(new Set(['cancelled']));
    expect(report.pulled?.map((p) => p.orderNumber)).not.toContain(filled.orderNumber);
    const book = await g.client.getOrderBook({ lane: 'placement' });
    expect(book.filter((o) => o.status === 'OPEN' || o.status === 'TRIGGER_PENDING')).toEqual([]);
    expect(book.filter((o) => o.status === 'CANCELED')).toHaveLength(100);
    const lines = await g.auditEntries();
    expect(lines.find((e) => e.event === 'kill_switch_on')?.data).toMatchObject({ cancelWorking: true });
    const pulled = lines.filter((e) => e.event === 'order_cancel');
    expect(pulled).toHaveLength(100);
    expect(pulled[0]?.data).toMatchObject({ halt: true, outcome: 'cancelled', placedBy: 'outside' });
  });
});

describe('the kill file, with OMSDESK_HALT_CANCELS', () => {
  it('pulls every working order once when the file appears (not again while it stays), audited as the kill file', async () => {
    g = await startGate();
    const numbers = [await ticketOrder(g), await ticketOrder(g), await outsideOrder(g)];
    const pulls: string[][] = [];
    let heard: () => void = () => undefined;
    const pulled = new Promise<void>((resolve) => {
      heard = resolve;
    });
    g.gate.onKillFilePull((pull) => {
      pulls.push('pulled' in pull ? pull.pulled.map((r) => `${r.orderNumber} ${r.outcome}`) : ['error']);
      heard();
    });
    g.gate.watchKillFile({ intervalMs: 1_000 });
    await g.clock.advance(1_000);
    expect(pulls).toEqual([]);
    await writeFile(join(g.dataDir, 'KILL'), '');
    await g.clock.advance(1_000);
    await pulled;
    expect(pulls.map((p) => [...p].sort())).toEqual([numbers.map((n) => `${n} cancelled`).sort()]);
    const book = await g.client.getOrderBook({ lane: 'placement' });
    expect(book.map((o) => o.status)).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
    const lines = (await g.auditEntries()).filter((e) => e.event === 'order_cancel');
    expect(lines.map((e) => e.actor?.channel)).toEqual(['kill-file', 'kill-file', 'kill-file']);
    await g.clock.advance(1_000);
    expect(pulls).toHaveLength(1);
  });
});

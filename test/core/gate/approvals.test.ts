import { afterEach, describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../../../src/core/audit/index.js';
import { isGateError } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const order = (extra: Record<string, unknown> = {}) =>
  ({
    kind: 'single',
    order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 10, priceType: 'MKT', product: 'I', ...extra },
  }) as const;

async function brokerOrdersTagged(h: GateHarness, ticketId: string) {
  const book = await h.client.getOrderBook();
  return book.filter((o) => (o.remarks ?? '').includes(ticketId));
}

describe('an approved ticket', () => {
  it('places exactly one order tagged with the ticket, follows it to its fill, and audits every step', async () => {
    g = await startGate();
    const t = await g.gate.preview(order({ remarks: 'scalp' }), MODEL);
    const done = await g.gate.approve(t.id, ALICE, { expectedHash: t.hash });
    expect(done.status).toBe('COMPLETE');
    expect(done.decidedBy).toEqual(ALICE);
    const [leg] = done.legs;
    expect(leg?.outcome).toMatchObject({ status: 'COMPLETE', filledQuantity: 10 });
    expect(leg?.outcome?.orderNumber).toMatch(/^\d{14}$/);
    const placed = await brokerOrdersTagged(g, t.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.remarks).toBe(`omsdesk:${t.id} scalp`);
    expect(await g.auditEvents()).toEqual(['previewed', 'approved', 'submitted', 'sent', 'order_update']);
    expect(await verifyAuditLog(g.auditPath)).toMatchObject({ ok: true });
  });

  it('places exactly one order when two approvals race for one ticket', async () => {
    g = await startGate();
    const t = await g.gate.preview(order(), MODEL);
    const results = await Promise.allSettled([
      g.gate.approve(t.id, ALICE),
      g.gate.approve(t.id, { ...ALICE, id: 'bob' }),
    ]);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(isGateError((rejected[0] as PromiseRejectedResult).reason, 'TICKET_DECIDED')).toBe(true);
    expect(g.placements).toHaveLength(1);
    expect(await brokerOrdersTagged(g, t.id)).toHaveLength(1);
  });

  it('settles an "accept then stall" placement by its tag: UNKNOWN, then exactly one order found', async () => {
    g = await startGate();
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'stall' }, paths: ['/apiV2/placeOrder'] });
    const t = await g.gate.preview(order(), MODEL);
    const done = await g.gate.approve(t.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
    expect(done.legs[0]?.outcome?.orderNumber).toMatch(/^\d{14}$/);
    expect(await brokerOrdersTagged(g, t.id)).toHaveLength(1);
    const events = await g.auditEvents();
    expect(events.slice(0, 5)).toEqual(['previewed', 'approved', 'submitted', 'sent', 'reconciled']);
    expect(g.placements).toHaveLength(1);
  }, 40_000);

  it('keeps a placement cut before the broker handled it UNKNOWN until a clean book after the answer window proves it NOT_PLACED', async () => {
    g = await startGate();
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'drop', when: 'before' }, paths: ['/apiV2/placeOrder'] });
    const t = await g.gate.preview(order(), MODEL);
    const done = await g.gate.approve(t.id, ALICE);
    expect(done.status).toBe('UNKNOWN');
    await g.clock.advance(30_000);
    expect((await g.gate.status(t.id))?.status).toBe('UNKNOWN');
    await g.clock.advance(31_000);
    const settled = await g.gate.status(t.id);
    expect(settled?.status).toBe('NOT_PLACED');
    expect(settled?.legs[0]?.outcome?.reason).toMatch(
      /no order tagged omsdesk:\S+ \d+ s after sending, past the broker's answer window/,
    );
    expect(await brokerOrdersTagged(g, t.id)).toHaveLength(0);
    expect(g.placements).toHaveLength(1);
  });

  it('reports a broker rejection as data with the parsed reason', async () => {
    g = await startGate();
    const t = await g.gate.preview(
      order({ instrument: 'NSE:TCS-EQ', side: 'SELL', product: 'C', quantity: 5 }),
      MODEL,
    );
    const done = await g.gate.approve(t.id, ALICE);
    expect(done.status).toBe('REJECTED');
    expect(done.legs[0]?.outcome?.rejection).toMatchObject({
      party: 'RED',
      kind: 'INSUFFICIENT_HOLDINGS',
      numbers: { required: 5, available: 0 },
    });
  });

  it('answers once a resting limit order is accepted, leaving it open', async () => {
    g = await startGate();
    const last = (await g.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const limit = Math.round(last * 0.95 * 20) / 20;
    const t = await g.gate.preview(order({ priceType: 'LMT', price: limit }), MODEL);
    const done = await g.gate.approve(t.id, ALICE);
    expect(done.status).toBe('PLACED');
    expect(done.legs[0]?.outcome?.status).toBe('OPEN');
  });

  it('places every leg of a multi-order ticket with its own tag', async () => {
    g = await startGate();
    const t = await g.gate
      .preview(
        {
          kind: 'multi',
          orders: [
            { instrument: 'SBIN', side: 'B', quantity: 5, priceType: 'MKT', product: 'I' } as never,
            { instrument: 'ITC', side: 'SELL', quantity: 10, priceType: 'MKT', product: 'C' },
          ],
        },
        MODEL,
      )
      .catch((e: unknown) => e);
    // The gate takes BUY/SELL only; the MCP layer turns B/S into words before it gets here.
    expect(isGateError(t, 'INVALID_ORDER')).toBe(true);
    const ticket = await g.gate.preview(
      {
        kind: 'multi',
        orders: [
          { instrument: 'SBIN', side: 'BUY', quantity: 5, priceType: 'MKT', product: 'I' },
          { instrument: 'ITC', side: 'SELL', quantity: 10, priceType: 'MKT', product: 'C' },
        ],
      },
      MODEL,
    );
    expect(ticket.legs.map((l) => l.request.tag)).toEqual([
      `omsdesk:${ticket.id}.1`,
      `omsdesk:${ticket.id}.2`,
    ]);
    const done = await g.gate.approve(ticket.id, ALICE);
    expect(done.status).toBe('COMPLETE');
    expect(await brokerOrdersTagged(g, ticket.id)).toHaveLength(2);
    expect(g.placements).toHaveLength(1);
  });

  it('buys both legs of a straddle as one approval', async () => {
    g = await startGate();
    const now = g.h.clock.now();
    const call = g.h.sim.market
      .universe(now)
      .instruments.find(
        (i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && i.optionType === 'CE' && i.strike === 24000,
      );
    if (!call?.expiry) throw new Error('no NIFTY 24000 call');
    const expiry = new Date(call.expiry + 330 * 60_000).toISOString().slice(0, 10);
    const t = await g.gate.preview(
      { kind: 'straddle', straddle: { symbol: 'NIFTY', strike: 24000, expiry, product: 'M', quantity: 75 } },
      MODEL,
    );
    expect(t.status).toBe('PENDING');
    expect(t.legs.map((l) => l.instrument.optionType)).toEqual(['CE', 'PE']);
    expect(t.summary).toContain('Long straddle on NIFTY');
    const done = await g.gate.approve(t.id, ALICE);
    expect(done.legs.map((l) => l.outcome?.status)).toEqual(['COMPLETE', 'COMPLETE']);
    expect(await brokerOrdersTagged(g, t.id)).toHaveLength(2);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { isGateError, type Ticket } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const buy = (quantity = 1, instrument = 'NSE:SBIN-EQ') =>
  ({
    kind: 'single',
    order: { instrument, side: 'BUY', quantity, priceType: 'MKT', product: 'I' },
  }) as const;

async function previewMany(h: GateHarness, n: number, quantity = 1): Promise<Ticket[]> {
  const tickets: Ticket[] = [];
  for (let i = 0; i < n; i += 1) tickets.push(await h.gate.preview(buy(quantity), MODEL));
  return tickets;
}

async function approveAll(h: GateHarness, tickets: readonly Ticket[]) {
  const results = await Promise.allSettled(tickets.map((t) => h.gate.approve(t.id, ALICE)));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  return { placed: results.filter((r) => r.status === 'fulfilled').length, refused };
}

describe('the daily caps under concurrent approvals', () => {
  it('hold whatever the interleaving: ten approvals at once against a cap of two place exactly two orders', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '2' });
    const tickets = await previewMany(g, 10);
    const { placed, refused } = await approveAll(g, tickets);
    expect(placed).toBe(2);
    expect(g.placements).toHaveLength(2);
    expect(refused).toHaveLength(8);
    for (const error of refused) {
      expect(isGateError(error, 'CHECKS_FAILED')).toBe(true);
      expect((error as { violations: Array<{ rule: string }> }).violations.map((v) => v.rule)).toEqual([
        'DAILY_ORDER_CAP',
      ]);
    }
    expect((await g.client.getOrderBook()).length).toBe(2);
  });

  it('hold the daily value cap too: a burst fills it and no further', async () => {
    g = await startGate();
    const last = (await g.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    await g.close();
    // Room for three orders of 10 shares, not four.
    g = await startGate({ OMSDESK_MAX_DAILY_VALUE: String(Math.round(last * 10 * 3.5)) });
    const tickets = await previewMany(g, 8, 10);
    const { placed } = await approveAll(g, tickets);
    expect(placed).toBe(3);
    expect(g.placements).toHaveLength(3);
  });

  it('give a hold back only when the order provably never reached the broker', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '1' });
    await g.client.login();
    // The broker refuses the first placement outright (a rate-limit answer): proof nothing was placed.
    await g.h.post('/_sim/faults', { fault: { kind: 'rateLimitText' }, paths: ['/apiV2/placeOrder'] });
    const [first, second] = await previewMany(g, 2);
    if (!first || !second) throw new Error('no tickets');
    const refusedByBroker = await g.gate.approve(first.id, ALICE);
    expect(refusedByBroker.status).toBe('NOT_PLACED');
    const placed = await g.gate.approve(second.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(placed.status);
  });

  it('keep holding an order whose outcome is unknown, so it still counts against the cap', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '1' });
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'drop', when: 'before' }, paths: ['/apiV2/placeOrder'] });
    const [first, second] = await previewMany(g, 2);
    if (!first || !second) throw new Error('no tickets');
    expect((await g.gate.approve(first.id, ALICE)).status).toBe('UNKNOWN');
    const error = await g.gate.approve(second.id, ALICE).catch((e: unknown) => e);
    expect(isGateError(error, 'CHECKS_FAILED')).toBe(true);
    expect(g.placements).toHaveLength(1);
  });

  it('survive a restart: the holds are rebuilt from the audit log', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '2' });
    const [a, b] = await previewMany(g, 2);
    if (!a || !b) throw new Error('no tickets');
    await g.gate.approve(a.id, ALICE);
    await g.reopen();
    await g.gate.approve(b.id, ALICE);
    const third = await g.gate.preview(buy(), MODEL);
    expect(third.status).toBe('REFUSED');
    expect(third.violations.map((v) => v.rule)).toContain('DAILY_ORDER_CAP');
  });
});

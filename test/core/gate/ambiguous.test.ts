import { afterEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const order = {
  kind: 'single',
  order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 3, priceType: 'MKT', product: 'I' },
} as const;

/** Short client timeouts, so a broker that takes a second answers after the client gave up. */
const SHORT = { clientTimeouts: { headersMs: 800, requestMs: 1_000 } } as const;

/** Real time, bounded: the paper broker's network faults run on the wall clock. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tagged(h: GateHarness, id: string) {
  return (await h.client.getOrderBook()).filter((o) => (o.remarks ?? '').startsWith(`omsdesk:${id}`));
}

function statusesOf(h: GateHarness, id: string): string[] {
  const seen: string[] = [];
  h.gate.onChange((t) => {
    if (t.id === id) seen.push(t.status);
  });
  return seen;
}

describe('an ambiguous placement', () => {
  it('that the broker takes in only after the client timed out stays UNKNOWN, then settles to the one live order', async () => {
    g = await startGate({}, SHORT);
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'latency', ms: 2_000 }, paths: ['/apiV2/placeOrder'] });
    const t = await g.gate.preview(order, MODEL);
    const seen = statusesOf(g, t.id);
    const answered = await g.gate.approve(t.id, ALICE);
    expect(answered.status).toBe('UNKNOWN');
    expect(answered.legs[0]?.outcome?.reason ?? '').not.toMatch(/not placed|nothing/i);
    const settled = await until(
      async () => (await g?.gate.status(t.id)) as Ticket,
      (s) => s.status !== 'UNKNOWN',
    );
    expect(['PLACED', 'COMPLETE']).toContain(settled.status);
    expect(settled.legs[0]?.outcome?.orderNumber).toMatch(/^\d{14}$/);
    expect(await tagged(g, t.id)).toHaveLength(1);
    expect(g.placements).toHaveLength(1);
    expect(seen).not.toContain('NOT_PLACED');
    const recorded = (await g.auditEntries()).map((e) => (e.data as { status?: string } | undefined)?.status);
    expect(recorded).not.toContain('NOT_PLACED');
  });

  it('that the broker answers only after the client timed out is found in the book and reported placed, never not placed', async () => {
    g = await startGate({}, SHORT);
    await g.client.login();
    await g.h.post('/_sim/faults', {
      fault: { kind: 'stall', delayMs: 2_000 },
      paths: ['/apiV2/placeOrder'],
    });
    const t = await g.gate.preview(order, MODEL);
    const seen = statusesOf(g, t.id);
    const answered = await g.gate.approve(t.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(answered.status);
    expect(await tagged(g, t.id)).toHaveLength(1);
    expect(seen).toContain('UNKNOWN');
    expect(seen).not.toContain('NOT_PLACED');
  });

  it('stays UNKNOWN while the order book cannot be read, even past the answer window', async () => {
    g = await startGate({}, SHORT);
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'drop', when: 'before' }, paths: ['/apiV2/placeOrder'] });
    const t = await g.gate.preview(order, MODEL);
    expect((await g.gate.approve(t.id, ALICE)).status).toBe('UNKNOWN');
    await g.h.post('/_sim/faults', { fault: { kind: 'error' }, count: 100, paths: ['/apiV2/orderBook'] });
    await g.clock.advance(120_000);
    expect((await g.gate.status(t.id))?.status).toBe('UNKNOWN');
    await g.h.post('/_sim/faults', undefined, { method: 'DELETE' });
    expect((await g.gate.status(t.id))?.status).toBe('NOT_PLACED');
  });

  it('is settled after a restart: a ticket the last process was sending is looked up in the order book', async () => {
    g = await startGate({}, SHORT);
    await g.client.login();
    await g.h.post('/_sim/faults', { fault: { kind: 'stall' }, paths: ['/apiV2/placeOrder'] });
    const t = await g.gate.preview(order, MODEL);
    // The process dies while the broker has not answered: the approval never returns.
    void g.gate.approve(t.id, ALICE).catch(() => undefined);
    await until(
      () => g?.auditEvents() ?? Promise.resolve([]),
      (events) => events.includes('submitted'),
    );
    await until(
      () => tagged(g as GateHarness, t.id),
      (orders) => orders.length === 1,
    );
    const gate = await g.reopen();
    const restored = await gate.status(t.id);
    expect(['PLACED', 'COMPLETE']).toContain(restored?.status);
    expect(await tagged(g, t.id)).toHaveLength(1);
    expect(g.placements).toHaveLength(1);
  });
});

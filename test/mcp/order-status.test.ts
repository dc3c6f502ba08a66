import { afterEach, describe, expect, it } from 'vitest';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';

const ORDER = { instrument: 'SBIN', side: 'BUY', quantity: 2, product: 'I' };
let m: McpHarness | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
});

async function placeAndConfirm(h: McpHarness) {
  const preview = dataOf<{ ticketId: string; hash: string }>(await h.call('place_order', ORDER));
  return {
    id: preview.ticketId,
    result: await h.call('confirm_order', { ticket_id: preview.ticketId, hash: preview.hash }),
  };
}

describe('get_order_status with a ticket id', () => {
  it('never says nothing reached the market while the outcome is unknown, and settles it once the book proves it', async () => {
    m = await startMcp({ confirm: 'tool' });
    await m.g.client.login();
    await m.g.h.post('/_sim/faults', {
      fault: { kind: 'drop', when: 'before' },
      paths: ['/apiV2/placeOrder'],
    });
    const { id, result } = await placeAndConfirm(m);
    expect(dataOf<{ status: string }>(result).status).toBe('UNKNOWN');
    expect(textOf(result)).not.toMatch(/nothing reached the market/);
    expect(textOf(result)).toMatch(new RegExp(`get_order_status with ticket_id ${id}`));
    const early = await m.call('get_order_status', { ticket_id: id.toLowerCase() });
    expect(dataOf<{ ticket: { status: string } }>(early).ticket.status).toBe('UNKNOWN');
    await m.g.clock.advance(61_000);
    const settled = await m.call('get_order_status', { ticket_id: id });
    expect(dataOf<{ ticket: { status: string } }>(settled).ticket.status).toBe('NOT_PLACED');
    expect(textOf(settled)).toMatch(/past the broker's answer window/);
    expect(await m.brokerOrders()).toBe(0);
  });

  it('finds a ticket that left memory in the audit log, instead of advising a new preview', async () => {
    m = await startMcp({ confirm: 'tool', gate: { retention: { settledMs: 1_000, maxSettled: 0 } } });
    const { id } = await placeAndConfirm(m);
    await m.g.clock.advance(2_000);
    await m.call('place_order', ORDER); // a new ticket evicts the settled one from memory
    expect(m.g.gate.get(id)).toBeUndefined();
    const found = await m.call('get_order_status', { ticket_id: id });
    expect(found.isError).toBeFalsy();
    const data = dataOf<{ ticket: { status: string }; orders: unknown[] }>(found);
    expect(data.ticket.status).toBe('COMPLETE');
    expect(data.orders).toHaveLength(1);
  });

  it("answers from the audit log once the broker's book no longer holds the order (a past day: no data)", async () => {
    m = await startMcp({ confirm: 'tool', gate: { retention: { settledMs: 1_000, maxSettled: 0 } } });
    const { id, result } = await placeAndConfirm(m);
    const { orderNumbers } = dataOf<{ orderNumbers: string[] }>(result);
    await m.g.clock.advance(2_000);
    await m.call('place_order', ORDER); // the settled ticket leaves memory: only the audit log has it
    await m.g.h.post('/_sim/faults', {
      fault: { kind: 'noData' },
      count: 'always',
      paths: ['/apiV2/singleOrder', '/api/singleOrder'],
    });
    const found = await m.call('get_order_status', { ticket_id: id });
    expect(found.isError).toBeFalsy();
    const data = dataOf<{ ticket: { status: string }; orders: unknown[] }>(found);
    expect(data.ticket.status).toBe('COMPLETE');
    expect(data.orders).toEqual([
      {
        order: expect.objectContaining({
          orderNumber: orderNumbers[0],
          status: 'COMPLETE',
          filledQuantity: 2,
          statusText: "from omsdesk's audit log: the broker no longer holds it",
          ticketId: id,
          updatedAt: expect.stringMatching(/\+05:30$/),
        }),
        events: [],
      },
    ]);
    expect(textOf(found)).toMatch(
      new RegExp(
        `Order ${orderNumbers[0]}: the broker no longer holds it .*From omsdesk's audit log: sent .*last known state COMPLETE filled 2 @ ₹[\\d.]+ \\(recorded \\S+\\+05:30\\)`,
      ),
    );
    expect(await m.brokerOrders()).toBe(1);
  });

  it('tells an id never issued apart, pointing at the order book before any new preview', async () => {
    m = await startMcp({ confirm: 'tool' });
    const r = await m.call('get_order_status', { ticket_id: 'TZZZZZZZZ' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/no ticket TZZZZZZZZ in this omsdesk's records/);
    expect(textOf(r)).toMatch(/check get_order_book so a live order is not placed twice/);
  });
});

describe("a ticket's page on the web desk", () => {
  const pageLinks = (result: { content?: unknown }) =>
    ((result.content ?? []) as Array<{ type: string; uri?: string }>)
      .filter((c) => c.type === 'resource_link' && c.uri?.startsWith('https://'))
      .map((c) => c.uri);

  it('is linked from the tools that make or follow a ticket when the web desk runs, and from no other', async () => {
    m = await startMcp({ confirm: 'tool', publicUrl: 'https://desk.example.test' });
    const { id, result } = await placeAndConfirm(m);
    const page = `https://desk.example.test/tickets/${id}`;
    expect(pageLinks(result)).toEqual([page]);
    expect(pageLinks(await m.call('get_order_status', { ticket_id: id }))).toEqual([page]);
    expect(pageLinks(await m.call('get_quote', { instrument: 'SBIN' }))).toEqual([]);
  });

  it('is not linked where no web desk runs', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { id, result } = await placeAndConfirm(m);
    expect(pageLinks(result)).toEqual([]);
    expect(pageLinks(await m.call('get_order_status', { ticket_id: id }))).toEqual([]);
  });
});

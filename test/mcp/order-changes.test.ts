import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { GateHarness } from '../core/gate/harness.js';
import { underMarket } from '../helpers/resting-order.js';
import { dataOf, startMcp, textOf } from './harness.js';
import { closeAfterEach, modernClient, startHttpDesk } from './modern-harness.js';

const open = closeAfterEach();

type Call = (name: string, args: Record<string, unknown>) => ReturnType<Client['callTool']>;

/** Places through a tool and confirm_order, modifies the same way, then cancels; counted at the broker. */
async function modifyThenCancel(g: GateHarness, call: Call): Promise<void> {
  const price = await underMarket(g.client);
  const confirm = async (result: Awaited<ReturnType<Call>>) => {
    const { ticketId } = dataOf<{ ticketId: string }>(result);
    const hash = g.gate.get(ticketId)?.hash;
    return dataOf<{ status: string; orderNumbers: string[] }>(
      await call('confirm_order', { ticket_id: ticketId, hash }),
    );
  };
  const placed = await confirm(
    await call('place_order', {
      instrument: 'NSE:INFY-EQ',
      side: 'BUY',
      quantity: 4,
      price_type: 'LMT',
      price,
      product: 'I',
    }),
  );
  const n = placed.orderNumbers[0] as string;
  expect(placed.status).toBe('PLACED');
  const previewed = await call('modify_order', { order_number: n, price: price - 1, quantity: 6 });
  expect(dataOf<{ status: string }>(previewed).status).toBe('PENDING');
  const reports = async () => (await g.client.getOrderHistory(n)).events.map((e) => e.reportType);
  expect(await reports()).not.toContain('ModAck');
  const modified = await confirm(previewed);
  expect(modified.orderNumbers).toEqual([n]);
  expect((await g.client.getOrderHistory(n)).current).toMatchObject({ quantity: 6, price: price - 1 });
  const cancelled = await call('cancel_order', { order_number: n });
  expect(cancelled.isError).toBeFalsy();
  expect(dataOf<{ outcome: string }>(cancelled)).toMatchObject({ orderNumber: n, outcome: 'cancelled' });
  const again = await call('cancel_order', { order_number: n });
  expect(dataOf<{ outcome: string }>(again).outcome).toBe('cancelled_before');
  // At the broker: one order, modified once, cancelled once.
  expect(await g.client.getOrderBook({ lane: 'placement' })).toHaveLength(1);
  const changes = (await reports()).filter(
    (r) => r === 'ModAck' || r === 'CanAck' || r?.endsWith('Rejected'),
  );
  expect(changes).toEqual(['CanAck', 'ModAck']);
  expect((await g.client.getOrderHistory(n)).current.status).toBe('CANCELED');
}

describe('modify_order and cancel_order', () => {
  it('2025-11-25: a working limit order is modified (confirmed like a placement), then cancelled', async () => {
    const m = open(await startMcp({ confirm: 'tool' }));
    await modifyThenCancel(m.g, (name, args) => m.call(name, args));
  });

  it('2026-07-28: the same over HTTP with the v2 client', async () => {
    const desk = open(await startHttpDesk({ confirm: 'tool' }));
    const client = open(await modernClient(desk.http.url));
    await modifyThenCancel(desk.g, (name, args) => client.callTool({ name, arguments: args }));
  });

  it("refuses an order that is not the account's, naming it; nothing reaches the broker", async () => {
    const m = open(await startMcp({ confirm: 'tool' }));
    const cancel = await m.call('cancel_order', { order_number: '26112099999999' });
    expect(cancel.isError).toBe(true);
    expect(textOf(cancel)).toMatch(/order 26112099999999 is not one of this account's orders today/);
    const modify = await m.call('modify_order', { order_number: '26112099999999', price: 100 });
    expect(modify.isError).toBe(true);
    expect(textOf(modify)).toMatch(/order 26112099999999: it is not one of this account's orders today/);
    expect(await m.brokerOrders()).toBe(0);
  });
});

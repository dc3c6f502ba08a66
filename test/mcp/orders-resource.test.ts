import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { placeOutside } from '../helpers/sim.js';
import { type McpHarness, startMcp } from './harness.js';

let m: McpHarness | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
});

const URI = 'omsdesk://orders/today';

async function readOrders(h: McpHarness) {
  const read = await h.client.readResource({ uri: URI });
  const first = read.contents[0];
  return JSON.parse(first && 'text' in first ? first.text : '{}') as {
    orders: Array<{ orderNumber: string; status: string; source: { kind: string; ticketId?: string } }>;
  };
}

describe('the omsdesk://orders/today resource', () => {
  it('lists every order of the day and tells a subscriber of each change, without polling', async () => {
    m = await startMcp({ confirm: 'tool', gate: { watcher: true } });
    const { resources } = await m.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([URI]);
    const updates: string[] = [];
    let told: () => void = () => undefined;
    const firstUpdate = new Promise<void>((resolve) => {
      told = resolve;
    });
    m.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
      told();
    });
    await m.client.subscribeResource({ uri: URI });
    // An order from the broker's own app, then one through an omsdesk ticket.
    await placeOutside(m.g.h, { remarks: 'phone' });
    await m.g.watcher?.poll();
    await firstUpdate;
    expect(updates).toEqual([URI]);
    const { orders } = await readOrders(m);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'COMPLETE', source: { kind: 'outside' } });

    await m.client.unsubscribeResource({ uri: URI });
    const preview = (
      await m.call('place_order', { instrument: 'ITC', side: 'BUY', quantity: 1, product: 'I' })
    ).structuredContent as { ticketId: string; hash: string };
    await m.call('confirm_order', { ticket_id: preview.ticketId, hash: preview.hash });
    await m.g.watcher?.poll();
    expect(updates).toHaveLength(1);
    const after = await readOrders(m);
    expect(after.orders.map((o) => o.source)).toContainEqual({ kind: 'ticket', ticketId: preview.ticketId });
  });

  it('refuses a subscription to a resource it does not have', async () => {
    m = await startMcp({ confirm: 'tool', gate: { watcher: true } });
    await expect(m.client.subscribeResource({ uri: 'omsdesk://nothing' })).rejects.toThrow(
      /subscribe to omsdesk:\/\/orders\/today/,
    );
  });
});

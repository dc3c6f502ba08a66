import { afterEach, describe, expect, it } from 'vitest';
import { APPROVALS_CHANNEL, CAROL, type FakeUser, TRADING_CHANNEL } from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { buttonsOf, textOf, ticketIn } from './harness.js';
import { type MonitorHarness, startMonitorDesk } from './monitor-harness.js';

/** Asks, never approves, and asked for nothing here. */
const DAVE: FakeUser = { id: '1200000000000000104', username: 'dave', roles: [] };

let d: MonitorHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const ask = (h: MonitorHarness, name: string, values: Record<string, unknown>, user = CAROL) =>
  h.fake.reply(h.fake.command(name, values, { user, channelId: TRADING_CHANNEL }));

describe('/modify and /cancel', () => {
  it('a working limit order is offered, modified (confirmed on its card), then cancelled; the monitoring message follows', async () => {
    d = await startMonitorDesk();
    const h = d;
    const last = (await h.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const price = Math.round(last * 0.97 * 20) / 20;
    const placed = ticketIn(
      await ask(h, 'order', {
        side: 'BUY',
        instrument: 'SBIN',
        quantity: 3,
        price_type: 'LMT',
        price,
        product: 'I',
      }),
    );
    await h.confirm(placed);
    const n = await h.fake.waitFor(() => h.gate.get(placed)?.legs[0]?.outcome?.orderNumber, 'the order');
    await h.poll();

    const offered = await h.fake.ack(
      h.fake.autocomplete('cancel', { order_number: '' }, 'order_number', { user: CAROL }),
    );
    const choices = (offered.data.choices ?? []) as Array<{ name: string; value: string }>;
    expect(choices.map((c) => c.value)).toEqual([n]);
    expect(choices[0]?.name).toContain('BUY 3 SBIN-EQ');

    const modified = ticketIn(await ask(h, 'modify', { order_number: n, price: price - 1, quantity: 5 }));
    expect(h.gate.get(modified)).toMatchObject({ kind: 'modify', modifies: n, status: 'PENDING' });
    await h.confirm(modified);
    await h.fake.waitFor(() => (h.gate.get(modified)?.status === 'PLACED' ? true : undefined), 'sent');
    expect((await h.client.getOrderHistory(n)).current).toMatchObject({
      reportType: 'Replaced',
      quantity: 5,
    });
    await h.poll();
    await h.messageWhere(n, (m) => /^BUY 5 NSE:SBIN-EQ · OPEN/.test(textOf(m)), 'modified');

    // Dave did not ask for it and approves nothing: refused, naming the order; nothing sent.
    const refused = await ask(h, 'cancel', { order_number: n }, DAVE);
    expect(textOf(refused)).toContain(`order ${n} was asked for by someone else`);
    const cancelled = await ask(h, 'cancel', { order_number: n });
    expect(textOf(cancelled)).toContain(`order ${n} cancelled`);
    const history = await h.client.getOrderHistory(n);
    expect(history.current.status).toBe('CANCELED');
    expect(history.events.filter((e) => e.reportType === 'CanAck' || e.reportType === 'ModAck')).toHaveLength(
      2,
    );
    await h.poll();
    await h.messageWhere(n, (m) => /CANCELED|CANCELLED/.test(textOf(m)), 'cancelled');
  });
});

describe("the Cancel button on an order's card", () => {
  it('cancels the working order for its requester, refuses someone else, and leaves the card once it ended', async () => {
    d = await startMonitorDesk();
    const h = d;
    const last = (await h.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const price = Math.round(last * 0.97 * 20) / 20;
    const id = ticketIn(
      await ask(h, 'order', {
        side: 'BUY',
        instrument: 'SBIN',
        quantity: 2,
        price_type: 'LMT',
        price,
        product: 'I',
      }),
    );
    await h.confirm(id);
    const n = await h.fake.waitFor(() => h.gate.get(id)?.legs[0]?.outcome?.orderNumber, 'the order');
    const cardOf = (): FakeMessage | undefined =>
      h.fake
        .messages(APPROVALS_CHANNEL)
        .find((m) => m.embeds.some((e) => String(e.title ?? '').includes(id)));
    const card = await h.fake.waitFor(
      () => (buttonsOf(cardOf() as FakeMessage).includes(`cancel-order:${n}`) ? cardOf() : undefined),
      'the Cancel button',
    );
    const click = (user: FakeUser) =>
      h.fake.reply(h.fake.click(card, `cancel-order:${n}`, { user, channelId: APPROVALS_CHANNEL }));
    expect(textOf(await click(DAVE))).toContain(`order ${n} was asked for by someone else`);
    expect((await h.client.getOrderHistory(n)).current.status).toBe('OPEN');
    expect(textOf(await click(CAROL))).toContain(`order ${n} cancelled`);
    expect((await h.client.getOrderHistory(n)).current.status).toBe('CANCELED');
    await h.poll();
    await h.fake.waitFor(
      () => (buttonsOf(cardOf() as FakeMessage).length === 0 ? true : undefined),
      'the button gone',
    );
  });
});

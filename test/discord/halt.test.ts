import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MONITOR_CHANNEL } from '../fakes/discord/ids.js';
import { restingBuy } from '../helpers/resting-order.js';
import { ALICE, BOB, buttonsOf, type DeskHarness, startDesk, textOf } from './harness.js';
import { until } from './monitor-harness.js';

let d: DeskHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

describe('/halt while approvals are under way on a slow broker', () => {
  it('stops the one still re-checking, names the one already sending (with its order number) in the reply and the monitoring channel, and no order leaves after it', async () => {
    d = await startDesk();
    const desk = d;
    const faults = desk.g.h.sim.faults;
    const sending = await desk.requested();
    const checking = await desk.requested();

    faults.arm({ kind: 'hold' }, 1, ['/apiV2/placeOrder']);
    expect((await desk.fake.ack(desk.click(sending, 'confirm', ALICE))).type).toBe(6);
    await faults.whenHeld(1);
    // While the broker holds the order, the card shows it is on its way and offers no button.
    const onItsWay = await desk.cardWhere(
      sending,
      (c) => /approved by alice, checking and sending/.test(textOf(c)),
      'sending',
    );
    expect(buttonsOf(onItsWay)).toEqual([]);

    faults.arm({ kind: 'hold' }, 1, ['/apiV2/getQuotes']);
    await desk.fake.ack(desk.click(checking, 'confirm', BOB));
    await faults.whenHeld(2);

    const halt = desk.run('halt', { reason: 'fat\u200b finger \u202eoops' }, BOB);
    await until(() => desk.g.gate.killSwitch.engaged(), 'the halt to take hold');
    faults.release();
    const reply = await desk.fake.reply(halt);
    const ordersAtReply = await desk.brokerOrders();

    const number = desk.g.gate.get(sending)?.legs[0]?.outcome?.orderNumber as string;
    expect(number).toMatch(/^\d{14}$/);
    const text = textOf(reply);
    expect(text).toContain(`Trading is halted by <@${BOB.id}>: fat finger oops.`);
    expect(text).not.toMatch(/[\u200b\u202e]/);
    expect(text).toContain(
      `One approval had already sent its orders before the halt took hold:\n- ticket ${sending}: RELIANCE-EQ order ${number}`,
    );
    expect(text).not.toContain(checking);
    expect(text).toContain('No order leaves after this message');
    const notice = await desk.fake.waitFor(
      () => desk.fake.messages(MONITOR_CHANNEL).find((m) => m.content.includes('Trading is halted')),
      'the halt in the monitoring channel',
    );
    expect(notice.content).toBe(reply.content);

    const refused = await desk.cardWhere(
      checking,
      (c) => /refused: nothing was sent/.test(textOf(c)),
      'refused',
    );
    expect(textOf(refused)).toMatch(/Trading was halted before the order left/);
    await desk.cardWhere(sending, (c) => textOf(c).includes(`order ${number}`), 'placed');
    expect(ordersAtReply).toBe(1);
    expect(await desk.brokerOrders()).toBe(1);
    expect(desk.g.placements).toHaveLength(1);
  });
});

describe('/halt that pulls the working orders', () => {
  /** 100 resting INFY limit buys and one filled market buy, placed at the broker directly. */
  async function working(desk: DeskHarness): Promise<string> {
    const order = await restingBuy(desk.g.client);
    for (let i = 0; i < 10; i++) await desk.g.client.placeOrders(Array.from({ length: 10 }, () => order));
    const { price: _limit, ...market } = order;
    const filled = await desk.g.client.placeOrder({ ...market, priceType: 'MKT' });
    // A new minute at the broker: its 200 orders a minute start again.
    desk.g.h.clock.advance(60_000);
    await desk.g.clock.advance(60_000);
    return filled.orderNumber;
  }

  const open = async (desk: DeskHarness) =>
    (await desk.g.client.getOrderBook({ lane: 'placement' })).filter((o) => o.status === 'OPEN');

  it('with cancel_orders cancels all 100, each reported in the reply and the monitoring channel; none is left open', async () => {
    d = await startDesk();
    const desk = d;
    const filled = await working(desk);
    const reply = await desk.fake.reply(desk.run('halt', { reason: 'pull', cancel_orders: true }, ALICE));
    const text = textOf(reply);
    expect(text).toContain('It cancelled 100 of 100 working orders.');
    const numbers = (await desk.g.client.getOrderBook({ lane: 'placement' }))
      .filter((o) => o.status === 'CANCELED')
      .map((o) => o.orderNumber);
    expect(numbers).toHaveLength(100);
    for (const n of numbers) expect(text).toContain(n);
    expect(text).not.toContain(filled);
    expect(await open(desk)).toEqual([]);
    const notice = await desk.fake.waitFor(
      () => desk.fake.messages(MONITOR_CHANNEL).find((m) => m.content.includes('Trading is halted')),
      'the halt in the monitoring channel',
    );
    expect(notice.content).toBe(reply.content);
    expect((await desk.g.auditEntries()).filter((e) => e.event === 'order_cancel')).toHaveLength(100);
  });

  it('OMSDESK_HALT_CANCELS sets the default; the option overrides it', async () => {
    d = await startDesk({ haltCancels: true });
    const desk = d;
    await working(desk);
    const kept = await desk.fake.reply(desk.run('halt', { cancel_orders: false }, ALICE));
    expect(textOf(kept)).not.toContain('cancelled');
    expect(await open(desk)).toHaveLength(100);
    await desk.fake.reply(desk.run('resume', {}, ALICE));
    const pulled = await desk.fake.reply(desk.run('halt', {}, ALICE));
    expect(textOf(pulled)).toContain('It cancelled 100 of 100 working orders.');
    expect(await open(desk)).toEqual([]);
  });

  it('the kill file appearing (OMSDESK_HALT_CANCELS) pulls them and posts each in the monitoring channel, one not cancelled with why; audited as the kill file', async () => {
    d = await startDesk({ haltCancels: true });
    const desk = d;
    const filled = await working(desk);
    desk.g.gate.watchKillFile({ intervalMs: 1_000 });
    desk.g.h.sim.faults.arm({ kind: 'error', status: 503 }, 1, ['/apiV2/cancelOrder']);
    await writeFile(join(desk.g.dataDir, 'KILL'), '');
    await desk.g.clock.advance(1_000);
    const notice = await desk.fake.waitFor(
      () => desk.fake.messages(MONITOR_CHANNEL).find((m) => m.content.includes('kill-switch file')),
      'the kill file’s pull in the monitoring channel',
    );
    const text = notice.content;
    expect(text).toContain(
      `Trading is halted by the kill-switch file on the omsdesk machine (${join(desk.g.dataDir, 'KILL')}).`,
    );
    expect(text).toContain('It cancelled 99 of 100 working orders.');
    const book = await desk.g.client.getOrderBook({ lane: 'placement' });
    const cancelled = book.filter((o) => o.status === 'CANCELED').map((o) => o.orderNumber);
    expect(cancelled).toHaveLength(99);
    for (const n of cancelled) expect(text).toContain(n);
    const [kept] = book.filter((o) => o.status === 'OPEN');
    expect(text).toMatch(new RegExp(`- order ${kept?.orderNumber} (NOT cancelled|outcome unknown): .+`));
    expect(text).not.toContain(filled);
    const lines = (await desk.g.auditEntries()).filter((e) => e.event === 'order_cancel');
    expect(lines).toHaveLength(100);
    expect(new Set(lines.map((e) => e.actor?.channel))).toEqual(new Set(['kill-file']));
    expect(
      lines.filter((e) => (e.data as { outcome?: unknown } | undefined)?.outcome === 'cancelled'),
    ).toHaveLength(99);
  });

  it('the kill file whose pull cannot read the book says in the monitoring channel that nothing was cancelled, and why', async () => {
    d = await startDesk({ haltCancels: true });
    const desk = d;
    await working(desk);
    desk.g.gate.watchKillFile({ intervalMs: 1_000 });
    desk.g.h.sim.faults.arm({ kind: 'error', status: 503 }, 20, ['/apiV2/orderBook']);
    await writeFile(join(desk.g.dataDir, 'KILL'), '');
    await desk.g.clock.advance(1_000);
    const notice = await desk.fake.waitFor(
      () => desk.fake.messages(MONITOR_CHANNEL).find((m) => m.content.includes('kill-switch file')),
      'the kill file’s failed pull in the monitoring channel',
    );
    expect(notice.content).toMatch(
      /It could NOT cancel the working orders \(.+\): they may still be working/,
    );
    desk.g.h.sim.faults.clear();
    expect(await open(desk)).toHaveLength(100);
  });
});

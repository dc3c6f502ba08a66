import { afterEach, describe, expect, it } from 'vitest';
import { MONITOR_CHANNEL } from '../fakes/discord/ids.js';
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

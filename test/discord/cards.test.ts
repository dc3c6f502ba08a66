import { afterEach, describe, expect, it } from 'vitest';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { ALICE, BOB, buttonsOf, type DeskHarness, shown, startDesk, textOf } from './harness.js';

const EPHEMERAL = 64;

let d: DeskHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

/** Clicks a button with `customId` on `message`, in the approvals channel. */
function clickOn(desk: DeskHarness, message: FakeMessage, customId: string, user = ALICE) {
  return desk.fake.click(message, customId, { user, channelId: APPROVALS_CHANNEL });
}

describe('a card with the web desk', () => {
  it("links the ticket's page on the web desk from its title, waiting and once decided", async () => {
    d = await startDesk({ ticketUrl: (id) => `https://desk.example.test/tickets/${id}` });
    const id = await d.requested();
    const page = `https://desk.example.test/tickets/${id}`;
    expect((d.card(id) as FakeMessage).embeds[0]?.url).toBe(page);
    await d.fake.ack(d.click(id, 'confirm', BOB));
    const placed = await d.cardWhere(id, (c) => /order \d{14}/.test(textOf(c)), 'placed');
    expect(placed.embeds[0]?.url).toBe(page);
  });

  it('has no link where no web desk runs', async () => {
    d = await startDesk();
    const id = await d.requested();
    expect((d.card(id) as FakeMessage).embeds[0]?.url).toBeUndefined();
  });
});

describe('a click acts only on its own card', () => {
  it("refuses a ticket's Confirm or Reject sent from another message in the approvals channel: private, recorded, nothing changes", async () => {
    d = await startDesk();
    const id = await d.requested();
    const other = await d.requested();
    const otherCard = d.card(other) as FakeMessage;
    for (const decision of ['confirm', 'reject']) {
      const answer = await d.fake.reply(clickOn(d, otherCard, `${decision}:${id}`));
      expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
      expect(shown(answer.content)).toContain(
        `this message is not the card of ticket ${id}: decide it on its own card in the approvals channel: nothing changed\nNext: decide a waiting ticket on its own card (/pending links it)`,
      );
    }
    expect(d.g.gate.get(id)?.status).toBe('PENDING');
    expect(d.g.gate.get(other)?.status).toBe('PENDING');
    const refusals = (await d.g.auditEntries()).filter((e) => e.event === 'decision_refused');
    expect(refusals.map((e) => [e.ticket, e.actor?.id, (e.data as { decision: string }).decision])).toEqual([
      [id, ALICE.id, 'approve'],
      [id, ALICE.id, 'decline'],
    ]);
    expect(d.g.placements).toHaveLength(0);

    // The ticket's own card still decides it, once.
    await d.fake.ack(d.click(id, 'confirm', BOB));
    await d.cardWhere(id, (c) => /order \d{14}/.test(textOf(c)), 'placed');
    expect(await d.brokerOrders()).toBe(1);
  });

  it('refuses a click for a ticket that waits for the MCP client (its form, or confirm_order), however the click is made', async () => {
    d = await startDesk();
    const card = d.card(await d.requested()) as FakeMessage;
    const request = {
      kind: 'single',
      order: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'C' },
    } as const;
    const model = { channel: 'mcp-tool', id: 'assistant' };
    for (const path of ['tool', 'elicitation'] as const) {
      const t = await d.g.gate.preview(request, model, undefined, path);
      const answer = await d.fake.reply(clickOn(d, card, `confirm:${t.id}`));
      expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
      expect(shown(answer.content)).toMatch(
        new RegExp(
          `ticket ${t.id} waits for its decision (through the assistant's confirm_order call|in the MCP client's confirmation form); a decision made anywhere else does not count`,
        ),
      );
      expect(d.g.gate.get(t.id)?.status).toBe('PENDING');
    }
    expect(d.g.placements).toHaveLength(0);
  });
});

describe('cards across a restart', () => {
  it('brings the cards of tickets left in play up to date at start, and a click on an old card is answered and edits it', async () => {
    d = await startDesk();
    const expiring = await d.requested();
    await d.g.clock.advance(100_000);
    const waiting = await d.requested();
    // The process dies: nothing it could still tell Discord reaches it; it stays down for 30 s.
    await d.restart({ crash: true, downMs: 30_000 });

    const expired = await d.cardWhere(
      expiring,
      (c) => /expired: nothing was sent/.test(textOf(c)) && buttonsOf(c).length === 0,
      'expired, buttons gone',
    );
    expect(textOf(expired)).toContain('no decision before the ticket expired');

    const pending = textOf(await d.fake.reply(d.run('pending', {}, BOB)));
    expect(pending).toContain(`/${APPROVALS_CHANNEL}/${d.card(waiting)?.id})`);
    const click = d.click(waiting, 'confirm', ALICE);
    expect((await d.fake.ack(click)).type).toBe(6);
    const placed = await d.cardWhere(waiting, (c) => /order \d{14}/.test(textOf(c)), 'placed');
    // Decided: no Confirm or Reject (a Cancel button stays while the order works).
    expect(buttonsOf(placed).filter((b) => !b.startsWith('cancel-order:'))).toEqual([]);
    expect(textOf(placed)).toContain(`Confirmed by <@${ALICE.id}>`);
    const told = await d.fake.followUp(click);
    expect(told.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(told.content).toMatch(new RegExp(`Ticket ${waiting} is (placed|filled) \\(order \\d{14}\\)\\.`));
    expect(await d.brokerOrders()).toBe(1);
  });
});

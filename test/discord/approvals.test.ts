import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/core/audit/index.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import type { InteractionRecord } from '../fakes/discord/server.js';
import {
  ALICE,
  BOB,
  buttonsOf,
  CAROL,
  type DeskHarness,
  shown,
  startDesk,
  textOf,
  ticketIn,
} from './harness.js';

const BUY_ONE = { side: 'BUY', instrument: 'RELIANCE', quantity: 1, price_type: 'MKT' };
const EPHEMERAL = 64;

let d: DeskHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

describe('order cards and approvals', () => {
  it('posts a card with Confirm and Reject, tells the requester privately with a link, and places exactly one order when an approver confirms', async () => {
    d = await startDesk();
    const rec = d.run('order', BUY_ONE, CAROL);
    const ack = await d.fake.ack(rec);
    expect(ack.type).toBe(5);
    expect(ack.data.flags).toBe(EPHEMERAL);
    const reply = await d.fake.reply(rec);
    const id = ticketIn(reply);
    const card = d.card(id);
    expect(card).toBeDefined();
    expect(reply.content).toContain(`https://discord.com/channels/`);
    expect(reply.content).toContain(`/${APPROVALS_CHANNEL}/${card?.id}`);
    const row = card?.components[0]?.components as Array<{ label: string; style: number; custom_id: string }>;
    expect(row.map((b) => [b.label, b.style, b.custom_id])).toEqual([
      ['Confirm', 3, `confirm:${id}`],
      ['Reject', 4, `reject:${id}`],
    ]);
    expect(card?.allowed_mentions).toEqual({ parse: [] });
    expect(textOf(card as never)).toMatch(/BUY 1 RELIANCE-EQ on NSE at market/);

    const click = d.click(id, 'confirm', ALICE);
    expect((await d.fake.ack(click)).type).toBe(6);
    const done = await d.cardWhere(
      id,
      (c) => /filled|placed/.test(textOf(c)) && /order \d{14}/.test(textOf(c)),
      'decided',
    );
    expect(textOf(done)).toContain(`Confirmed by <@${ALICE.id}>`);
    // Decided: no Confirm or Reject (a Cancel button stays while the order works).
    expect(buttonsOf(done).filter((b) => !b.startsWith('cancel-order:'))).toEqual([]);
    await d.cardWhere(
      id,
      (c) => /: filled/.test(textOf(c)) && /COMPLETE, filled 1 @ ₹/.test(textOf(c)),
      'filled',
    );
    expect(d.g.placements).toHaveLength(1);
    expect(await d.brokerOrders()).toBe(1);
  });

  it('records the Discord user id and channel of the requester and the approver in the audit log', async () => {
    d = await startDesk();
    const id = await d.requested();
    await d.fake.ack(d.click(id, 'confirm', BOB));
    await d.cardWhere(id, (c) => /order \d{14}/.test(textOf(c)), 'placed');
    const entries = (await readFile(d.g.auditPath, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEntry)
      .filter((e) => e.ticket === id);
    const previewed = entries.find((e) => e.event === 'previewed');
    const approved = entries.find((e) => e.event === 'approved');
    expect(previewed?.actor).toMatchObject({ channel: 'discord', id: CAROL.id, name: 'carol' });
    expect(approved?.actor).toEqual({
      channel: 'discord',
      id: BOB.id,
      name: 'bob',
      channelId: APPROVALS_CHANNEL,
    });
  });

  it('lets an approver by role confirm, and places one order for a burst of clicks from two approvers', async () => {
    d = await startDesk();
    const id = await d.requested();
    const clicks = [BOB, ALICE, BOB, ALICE, BOB].map((u) => d?.click(id, 'confirm', u) as InteractionRecord);
    const acks = await Promise.all(clicks.map((c) => d?.fake.ack(c)));
    expect(acks.map((a) => a?.type).sort()).toEqual([4, 4, 4, 4, 6]);
    const refusals = clicks.filter((c) => c.acks[0]?.type === 4).map((c) => String(c.acks[0]?.data.content));
    for (const text of refusals)
      expect(shown(text)).toMatch(new RegExp(`ticket ${id} is already \\w+; a ticket is decided once`));
    await d.cardWhere(id, (c) => /order \d{14}/.test(textOf(c)), 'placed');
    expect(d.g.placements).toHaveLength(1);
    expect(await d.brokerOrders()).toBe(1);
  });

  it('refuses a click from someone who is not an approver: a private refusal, the card unchanged, nothing placed', async () => {
    d = await startDesk();
    const id = await d.requested();
    const before = JSON.stringify(d.card(id));
    const click = d.click(id, 'confirm', CAROL);
    const refusal = await d.fake.reply(click);
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refusal.content).toMatch(/not an approver.*nothing changed/);
    expect(JSON.stringify(d.card(id))).toBe(before);
    expect(d.g.gate.get(id)?.status).toBe('PENDING');
    expect(d.g.placements).toHaveLength(0);
  });

  it('lists the waiting ticket in /pending with its card, then rejects on Reject: the card says who, nothing is placed', async () => {
    d = await startDesk();
    const id = await d.requested();
    const pending = textOf(await d.fake.reply(d.run('pending', {}, BOB)));
    expect(pending).toMatch(
      new RegExp(
        `Tickets waiting for an approver \\(1\\)\\n\\*\\*${id}\\*\\* from <@${CAROL.id}>, expires <t:\\d+:R> \\(\\[card\\]\\(https://discord.com/channels/`,
      ),
    );
    expect(pending).toContain('BUY 1 RELIANCE-EQ on NSE at market');
    await d.fake.ack(d.click(id, 'reject', ALICE));
    const card = await d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'rejected');
    expect(textOf(card)).toContain(`Rejected by <@${ALICE.id}>`);
    expect(buttonsOf(card)).toEqual([]);
    expect(d.g.gate.get(id)?.status).toBe('DECLINED');
    expect(d.g.placements).toHaveLength(0);
    expect(await d.brokerOrders()).toBe(0);
  });

  it('posts one card for all the legs of /multi-order (one call places both) and of /straddle', async () => {
    d = await startDesk();
    const multi = ticketIn(
      await d.fake.reply(d.run('multi-order', { legs: 'BUY ITC 1 MKT; BUY INFY 1 MKT' }, CAROL)),
    );
    const card = await d.cardWhere(multi, (c) => buttonsOf(c).length === 2, 'posted');
    expect(textOf(card)).toMatch(
      /Leg 1: BUY 1 ITC-EQ on NSE at market.*Leg 2: BUY 1 INFY-EQ on NSE at market/s,
    );
    await d.fake.ack(d.click(multi, 'confirm', ALICE));
    await d.cardWhere(
      multi,
      (c) => (textOf(c).match(/order \d{14}/g) ?? []).length === 2,
      'both orders placed',
    );
    expect(d.g.placements).toHaveLength(1);
    expect(await d.brokerOrders()).toBe(2);

    const call = d
      .catalog()
      .all()
      .find((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && i.optionType === 'CE');
    const straddle = ticketIn(
      await d.fake.reply(
        d.run(
          'straddle',
          { symbol: 'NIFTY', strike: call?.strike, expiry: call?.expiry, quantity: call?.lotSize },
          CAROL,
        ),
      ),
    );
    const straddleCard = await d.cardWhere(straddle, (c) => buttonsOf(c).length === 2, 'posted');
    expect(textOf(straddleCard)).toMatch(
      new RegExp(`Long straddle on NIFTY .* ${call?.strike}: buys the call and the put`),
    );
    await d.fake.ack(d.click(straddle, 'reject', BOB));
    await d.cardWhere(straddle, (c) => /rejected: nothing was sent/.test(textOf(c)), 'rejected');
    expect(d.g.placements).toHaveLength(1);
  });
});

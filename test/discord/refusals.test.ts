import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from '../../src/discord/commands/index.js';
import { APPROVALS_CHANNEL, GUILD_ID, MONITOR_CHANNEL, OTHER_GUILD_ID } from '../fakes/discord/ids.js';
import { ALICE, BOB, buttonsOf, CAROL, type DeskHarness, startDesk, textOf } from './harness.js';

const BUY_ONE = { side: 'BUY', instrument: 'RELIANCE', quantity: 1, price_type: 'MKT' };
const EPHEMERAL = 64;

let d: DeskHarness;
beforeAll(async () => {
  d = await startDesk({ fourEyes: true });
});
afterAll(() => d.close());

describe('what leaves no order', () => {
  it('refuses an approver approving their own order under four-eyes, and lets another approver decide it', async () => {
    const placed = d.g.placements.length;
    const id = await d.requested(undefined, ALICE);
    const refusal = await d.fake.reply(d.click(id, 'confirm', ALICE));
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refusal.content).toMatch(/Four-eyes rule: you asked for this order/);
    expect(d.g.gate.get(id)?.status).toBe('PENDING');
    expect(d.g.placements).toHaveLength(placed);
    await d.fake.ack(d.click(id, 'reject', BOB));
    await d.cardWhere(id, (c) => textOf(c).includes(`Rejected by <@${BOB.id}>`), 'rejected by Bob');
    expect(d.g.placements).toHaveLength(placed);
  });

  it('says a ticket expired when its card is clicked after the time to live, and places nothing', async () => {
    const placed = d.g.placements.length;
    const id = await d.requested();
    await d.g.clock.advance(121_000);
    const card = await d.cardWhere(id, (c) => /expired: nothing was sent/.test(textOf(c)), 'expired');
    expect(buttonsOf(card)).toEqual([]);
    // A stale copy of the card, still showing its buttons, is clicked.
    const stale = {
      ...card,
      components: [{ type: 1, components: [{ type: 2, custom_id: `confirm:${id}` }] }],
    };
    const answer = await d.fake.reply(
      d.fake.click(stale as never, `confirm:${id}`, { user: ALICE, channelId: APPROVALS_CHANNEL }),
    );
    expect(answer.content).toMatch(new RegExp(`ticket ${id} expired at .*: preview again`));
    expect(answer.content).toMatch(/Next: place the order again/);
    expect(d.g.placements).toHaveLength(placed);
  });

  it('answers a click on a card whose ticket this process does not know (after a restart): nothing is placed', async () => {
    const id = await d.requested();
    const card = d.card(id);
    const answer = await d.fake.reply(
      d.fake.click(card as never, 'confirm:TZZZZ2345', { user: ALICE, channelId: APPROVALS_CHANNEL }),
    );
    expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.content).toMatch(
      /Ticket TZZZZ2345 is not known to this omsdesk process.*nothing will be placed/,
    );
    await d.fake.ack(d.click(id, 'reject', BOB));
  });

  it('halts from /halt (approvers only, audited with who did it): a waiting card cannot be confirmed, new orders are refused', async () => {
    const placed = d.g.placements.length;
    const id = await d.requested();
    const notAllowed = await d.fake.reply(d.run('halt', {}, CAROL));
    expect(notAllowed.content).toMatch(/Only approvers .* can halt or resume/);
    expect(d.g.gate.killSwitch.engaged()).toBe(false);

    const halted = await d.fake.reply(d.run('halt', { reason: 'fat finger @everyone' }, BOB));
    expect(halted.flags & EPHEMERAL).toBe(0);
    expect(halted.content).toContain(`Trading is halted by <@${BOB.id}>: fat finger \\@everyone`);
    expect(halted.allowed_mentions).toEqual({ parse: [] });
    const click = d.click(id, 'confirm', ALICE);
    const why = await d.fake.followUp(click);
    expect(why.content).toMatch(/kill switch/i);
    await d.cardWhere(id, (c) => /refused: nothing was sent/.test(textOf(c)), 'refused at the re-check');

    const refused = await d.fake.reply(d.run('order', BUY_ONE, CAROL));
    expect(refused.content).toMatch(/pre-trade checks refused this order.*no card was posted/s);
    expect(refused.content).toMatch(/kill switch/i);
    expect(d.g.placements).toHaveLength(placed);

    const resumed = await d.fake.reply(d.run('resume', {}, ALICE));
    expect(resumed.content).toContain(`Trading resumed by <@${ALICE.id}>`);
    const events = await d.g.auditEvents();
    expect(events).toContain('kill_switch_on');
    expect(events).toContain('kill_switch_off');
  });

  it('answers a refused preview with every violation and posts no card (a price off the tick, a quantity off the lot)', async () => {
    const cards = d.fake.messages(APPROVALS_CHANNEL).length;
    const tick = await d.fake.reply(d.run('order', { ...BUY_ONE, price_type: 'LMT', price: 1402.43 }, CAROL));
    expect(tick.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(tick.content).toMatch(/refused this order: nothing was sent and no card was posted/);
    expect(tick.content).toContain(
      '- Price 1402.43 is not a multiple of the tick size 0.05: use 1402.40 or 1402.45.',
    );
    const option = d
      .catalog()
      .all()
      .find((i) => i.kind === 'OPTIDX' && i.lotSize > 1);
    const lot = await d.fake.reply(
      d.run(
        'order',
        { side: 'BUY', instrument: `NFO:${option?.tradingSymbol}`, quantity: 1, price_type: 'MKT' },
        CAROL,
      ),
    );
    expect(lot.content).toContain(
      `- Quantity 1 is not a multiple of the lot size ${option?.lotSize}: use ${option?.lotSize}.`,
    );
    expect(d.fake.messages(APPROVALS_CHANNEL)).toHaveLength(cards);
  });

  it("answers an unknown instrument privately and at once, in the gate's words, without deferring", async () => {
    const rec = d.run('order', { ...BUY_ONE, instrument: 'RELIANC' }, CAROL);
    const ack = await d.fake.ack(rec);
    expect(ack.type).toBe(4);
    expect(ack.data.flags).toBe(EPHEMERAL);
    expect(String(ack.data.content)).toMatch(/did you mean NSE:RELIANCE-EQ/);
  });

  it('answers a command it does not know (registered by another version) by saying to deploy the commands', async () => {
    d.fake.commands.set(GUILD_ID, [...(d.fake.commands.get(GUILD_ID) ?? []), { name: 'positions' }]);
    const answer = await d.fake.reply(d.run('positions', {}, ALICE));
    expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.content).toBe(
      'omsdesk has no command /positions: ask whoever runs omsdesk to run "omsdesk deploy-commands".',
    );
  });

  it('refuses commands in the monitoring channel and from another server', async () => {
    const monitor = await d.fake.reply(d.run('quote', { instrument: 'INFY' }, ALICE, MONITOR_CHANNEL));
    expect(monitor.content).toMatch(/read-only monitoring channel/);
    const elsewhere = d.fake.command('limits', {}, { user: ALICE, guildId: OTHER_GUILD_ID });
    expect((await d.fake.reply(elsewhere)).content).toMatch(/serves one Discord server only/);
  });
});

describe('a desk without approvers', () => {
  let ro: DeskHarness;
  beforeAll(async () => {
    ro = await startDesk({ approvers: [] });
  });
  afterAll(() => ro.close());

  it('registers no order or halt commands, and says why when one is called anyway', async () => {
    const names = (ro.fake.commands.get(GUILD_ID) ?? []).map((c) => c.name);
    expect(names).not.toContain('order');
    expect(names).not.toContain('halt');
    expect(names).toContain('quote');
    ro.fake.commands.set(
      GUILD_ID,
      ALL_COMMANDS.map((c) => c.json as never),
    );
    const answer = await ro.fake.reply(ro.run('order', BUY_ONE, ALICE));
    expect(answer.content).toMatch(
      /The desk is read-only: no approver is configured \(OMSDESK_DISCORD_APPROVERS\)/,
    );
    expect(ro.g.placements).toHaveLength(0);
  });
});

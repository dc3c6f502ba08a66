import { afterEach, describe, expect, it } from 'vitest';
import { buttonsOf, textOf } from '../discord/harness.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { ASHA_U, RAVI_U, startTeam, type Team } from './harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

/** The id of the newest ticket in the approvals channel, once its card has its buttons. */
async function newestCard(t: Team, count: number): Promise<string> {
  const card = await t.d.fake.waitFor(() => {
    const last = t.d.fake.messages(APPROVALS_CHANNEL)[count - 1];
    return last && buttonsOf(last).length === 2 ? last : undefined;
  }, `card ${count}`);
  return /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string;
}

describe('revoking a token ends what it started', () => {
  it('declines the waiting ticket its token asked for, says why on the card and in the audit log; an approver’s click then places nothing and the revoked client gets no order', async () => {
    team = await startTeam();
    const vik = await team.issue('vik');
    const client = await team.modern(vik.token);
    const call = client.callTool({ name: 'place_order', arguments: ORDER }).then(
      (r) => JSON.stringify(r),
      (e: unknown) => String(e),
    );
    const id = await newestCard(team, 1);
    const previewed = (await team.d.g.auditEntries()).find((e) => e.event === 'previewed');
    expect(previewed?.actor).toMatchObject({ person: 'vik', credential: vik.id });
    await team.revoke(vik.id);
    // What a request, a Discord click or the serving process's regular look does first.
    await team.directory.refresh();
    const card = await team.d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'declined');
    expect(textOf(card)).toContain(`token ${vik.id} of vik was revoked by the operator on the command line`);
    expect(buttonsOf(card)).toHaveLength(0);
    expect((await team.answer(team.d.click(id, 'confirm', RAVI_U))).text).toMatch(/already DECLINED/);
    const answer = await call;
    // Declined, or cut off with its token: never the order.
    expect(answer).toMatch(/"status":"DECLINED".*"orderNumbers":\[\]|Error/);
    expect(team.d.g.placements).toHaveLength(0);
    const declined = (await team.d.g.auditEntries()).find((e) => e.event === 'declined' && e.ticket === id);
    expect(declined?.actor).toEqual({ channel: 'people', id: 'omsdesk' });
    expect(JSON.stringify(declined?.data)).toMatch(new RegExp(`token ${vik.id} of vik was revoked`));
    expect(
      JSON.stringify(await team.dataFiles().then((f) => f.map((x) => x.bytes.toString()))),
    ).not.toContain(vik.token.slice(18));
  });

  it('refuses an approval of a ticket whose token was revoked before anything looked, when the approver clicks', async () => {
    team = await startTeam();
    const vik = await team.issue('vik');
    const client = await team.modern(vik.token);
    void client.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    const id = await newestCard(team, 1);
    await team.revoke(vik.id);
    const clicked = await team.answer(team.d.click(id, 'confirm', RAVI_U));
    expect(clicked.text).toMatch(new RegExp(`token ${vik.id}|already DECLINED`));
    await team.d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'declined');
    expect(team.d.g.placements).toHaveLength(0);
  });

  it('declines the waiting tickets of every token of a person revoked at once (/token revoke of their own, and a removal from the people file)', async () => {
    team = await startTeam();
    const first = await team.issue('vik');
    const second = await team.issue('asha');
    const a = await team.modern(first.token);
    const b = await team.modern(second.token);
    void a.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    const one = await newestCard(team, 1);
    void b.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    const two = await newestCard(team, 2);
    expect((await team.answer(team.d.run('token', { revoke: { id: second.id } }, ASHA_U))).text).toMatch(
      /its waiting tickets are declined, its MCP sessions closed/,
    );
    const byAsha = await team.d.cardWhere(two, (c) => /rejected/.test(textOf(c)), 'declined');
    expect(textOf(byAsha)).toContain(`token ${second.id} of asha was revoked by asha on Discord`);
    await team.writePeople((await team.directory.everyone()).filter((p) => p.id !== 'vik'));
    await team.directory.refresh();
    const byFile = await team.d.cardWhere(one, (c) => /rejected/.test(textOf(c)), 'declined');
    expect(textOf(byFile)).toMatch(
      /vik is no longer in the people file|because its person left the people file/,
    );
    expect(team.d.g.placements).toHaveLength(0);
    const card = team.d.card(one) as FakeMessage;
    expect(buttonsOf(card)).toHaveLength(0);
  });
});

import type { Client as ModernClient } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpService } from '../../src/mcp/server.js';
import { startHttpServer } from '../../src/mcp/transports/http.js';
import { buttonsOf, textOf } from '../discord/harness.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { depsFor } from '../mcp/harness.js';
import { modernClient } from '../mcp/modern-harness.js';
import { ASHA_U, MEENA_U, RAVI_U, startTeam, type Team, UMA_U, VIK_U, ZED_U } from './harness.js';

const BUY = { side: 'BUY', instrument: 'RELIANCE', quantity: 1, price_type: 'MKT' };
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

/** The card of the newest ticket in the approvals channel, once it has its buttons. */
async function newestCard(t: Team, count: number): Promise<{ id: string; card: FakeMessage }> {
  const card = await t.d.fake.waitFor(() => {
    const cards = t.d.fake.messages(APPROVALS_CHANNEL);
    const last = cards[count - 1];
    return last && buttonsOf(last).length === 2 ? last : undefined;
  }, `card ${count}`);
  return { id: /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string, card };
}

describe('a team on Discord with a people file', () => {
  it('two traders ask and the approver decides: a trader cannot approve, each card and the audit log name the people', async () => {
    team = await startTeam();
    const asked = await team.answer(team.d.run('order', BUY, ASHA_U));
    expect(asked.privately).toBe(true);
    const { id } = await newestCard(team, 1);
    expect(textOf(team.d.card(id) as FakeMessage)).toContain(`Requested by: asha (<@${ASHA_U.id}>)`);
    const byTrader = await team.answer(team.d.click(id, 'confirm', VIK_U));
    expect(byTrader.text).toMatch(/You are vik, a trader, not an approver/);
    await team.d.fake.ack(team.d.click(id, 'confirm', RAVI_U));
    const sent = (who: string) => (c: FakeMessage) =>
      new RegExp(`: (placed|filled)\\b[\\s\\S]*Confirmed by ${who}`).test(textOf(c));
    const card = await team.d.cardWhere(id, sent('ravi'), 'placed');
    expect(textOf(card)).toContain(`Confirmed by ravi (<@${RAVI_U.id}>)`);
    await team.answer(team.d.run('order', BUY, VIK_U));
    const second = await newestCard(team, 2);
    await team.d.fake.ack(team.d.click(second.id, 'confirm', UMA_U));
    await team.d.cardWhere(second.id, sent('uma'), 'placed');
    expect(team.d.g.placements).toHaveLength(2);
    const entries = await team.d.g.auditEntries();
    const who = (event: string, ticket: string) =>
      entries.find((e) => e.event === event && e.ticket === ticket)?.actor?.person;
    expect([who('previewed', id), who('decision_refused', id), who('approved', id)]).toEqual([
      'asha',
      'vik',
      'ravi',
    ]);
    expect([who('previewed', second.id), who('approved', second.id)]).toEqual(['vik', 'uma']);
  });

  it('refuses order commands to a viewer and to someone in no people file, and halt and resume to all but approvers', async () => {
    team = await startTeam();
    expect((await team.answer(team.d.run('order', BUY, MEENA_U))).text).toMatch(/You are meena, a viewer/);
    expect((await team.answer(team.d.run('order', BUY, ZED_U))).text).toMatch(/not in omsdesk’s people file/);
    expect((await team.answer(team.d.run('quote', { instrument: 'RELIANCE' }, MEENA_U))).text).toMatch(
      /RELIANCE/,
    );
    expect((await team.answer(team.d.run('halt', {}, VIK_U))).text).toMatch(/Only approvers/);
    expect((await team.answer(team.d.run('halt', { reason: 'checks' }, RAVI_U))).text).toMatch(
      /Trading is halted by ravi \(<@\d+>\): checks/,
    );
    expect((await team.answer(team.d.run('resume', {}, ASHA_U))).text).toMatch(/Only approvers/);
    expect((await team.answer(team.d.run('resume', {}, UMA_U))).text).toMatch(/Trading resumed by uma/);
    expect(team.d.fake.messages(APPROVALS_CHANNEL)).toHaveLength(0);
    const halts = (await team.d.g.auditEntries()).filter((e) => e.event.startsWith('kill_switch'));
    expect(halts.map((e) => `${e.event} ${e.actor?.person}`)).toEqual([
      'kill_switch_on ravi',
      'kill_switch_off uma',
    ]);
  });
});

describe('four-eyes across channels', () => {
  it("sends an approver's own MCP order to another approver on Discord, never to their own form, and refuses their click on its card", async () => {
    team = await startTeam({ fourEyes: true });
    const forms: unknown[] = [];
    const ravi = await team.modern((await team.issue('ravi')).token, (request) => {
      forms.push(request);
      return { action: 'accept', content: { confirm: true } };
    });
    const call = ravi.callTool({ name: 'place_order', arguments: ORDER });
    const { id } = await newestCard(team, 1);
    expect(textOf(team.d.card(id) as FakeMessage)).toMatch(
      /Requested by: ravi \(via MCP, omsdesk-modern-test\)/,
    );
    expect((await team.answer(team.d.click(id, 'confirm', RAVI_U))).text).toMatch(/Four-eyes/);
    expect(team.d.g.placements).toHaveLength(0);
    await team.d.fake.ack(team.d.click(id, 'confirm', UMA_U));
    const result = await call;
    expect(forms).toHaveLength(0);
    expect(result.structuredContent).toMatchObject({ ticketId: id, confirmation: 'discord' });
    expect(JSON.stringify(result.content)).toMatch(
      /Requested by ravi \(via mcp\)\. Decided by uma \(via discord\)/,
    );
    expect(team.d.g.placements).toHaveLength(1);
  });

  it('fails closed without a Discord approver: nothing is previewed for the form', async () => {
    team = await startTeam({ fourEyes: true });
    const service = createMcpService({
      ...depsFor(team.d.g, { confirm: 'elicit' }),
      people: { directory: team.directory, fourEyes: true },
    });
    const alone = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: [],
      service,
      people: team.directory,
    });
    let client: ModernClient | undefined;
    try {
      const token = (await team.issue('vik')).token;
      client = await modernClient(alone.url, () => ({ action: 'accept', content: { confirm: true } }), {
        authorization: `Bearer ${token}`,
      });
      const result = await client.callTool({ name: 'place_order', arguments: ORDER });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/four-eyes is on .* vik's orders need another approver/);
      expect(team.d.g.placements).toHaveLength(0);
      expect((await team.d.g.auditEntries()).some((e) => e.event === 'previewed')).toBe(false);
    } finally {
      await client?.close();
      await alone.close();
      service.close();
    }
  });

  it("with four-eyes off, lets a trader confirm their own order in their assistant's form, and records that it was theirs", async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const vik = await team.modern((await team.issue('vik')).token, () => ({
      action: 'accept',
      content: { confirm: true },
    }));
    const result = await vik.callTool({ name: 'place_order', arguments: ORDER });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toMatch(/Confirmed by vik at the MCP client/);
    const approved = (await team.d.g.auditEntries()).find((e) => e.event === 'approved');
    expect(approved).toMatchObject({
      actor: { channel: 'mcp-elicitation', person: 'vik' },
      data: { byRequester: true },
    });
    expect(team.d.g.placements).toHaveLength(1);
  });
});

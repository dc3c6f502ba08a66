import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../discord/harness.js';
import { ASHA_U, startTeam, type Team, ZED_U } from './harness.js';

const ORDER = { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 1, product: 'I' };
const QUOTE = { name: 'get_quote', arguments: { instrument: 'RELIANCE' } };
const yes = () => ({ action: 'accept' as const, content: { confirm: true } });

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

describe("a person's own caps, and their turn in the client's queue", () => {
  it("hold under a concurrent burst from one person's clients in both revisions, beside another person's orders, and whoami counts them", async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const asha = await team.issue('asha');
    const vik = await team.issue('vik');
    const modern = await team.modern(asha.token, yes);
    const legacy = await team.legacy(asha.token, true);
    const other = await team.modern(vik.token, yes);
    const calls: Array<Promise<CallToolResult>> = [];
    for (let i = 0; i < 3; i += 1) {
      calls.push(modern.callTool({ name: 'place_order', arguments: ORDER }) as Promise<CallToolResult>);
      calls.push(legacy.callTool({ name: 'place_order', arguments: ORDER }) as Promise<CallToolResult>);
    }
    const vikCalls = [1, 2].map(
      () => other.callTool({ name: 'place_order', arguments: ORDER }) as Promise<CallToolResult>,
    );
    const results = await Promise.all(calls);
    const placed = results.filter((r) => !r.isError);
    expect(placed).toHaveLength(3);
    for (const r of results.filter((x) => x.isError))
      expect(JSON.stringify(r.content)).toMatch(/above their own daily cap of 3/);
    expect((await Promise.all(vikCalls)).every((r) => !r.isError)).toBe(true);
    expect(team.d.g.placements).toHaveLength(5);
    const whoami = await modern.callTool({ name: 'whoami', arguments: {} });
    expect(whoami.structuredContent).toMatchObject({ person: 'asha', orders: 3 });
    expect(JSON.stringify(whoami.content)).toMatch(/Your daily caps: 3 orders per day/);
    const me = await team.d.fake.reply(team.d.run('whoami', {}, ASHA_U));
    expect(textOf(me)).toMatch(/Used today: 3 orders/);
  });

  it('queues each request by person, whichever way they came in; unlinked Discord users by their user id', async () => {
    team = await startTeam();
    const asha = await team.issue('asha');
    await (await team.modern(asha.token)).callTool(QUOTE);
    await (await team.legacy(asha.token)).callTool(QUOTE);
    await team.d.fake.reply(team.d.run('quote', { instrument: 'RELIANCE' }, ASHA_U));
    await team.d.fake.reply(team.d.run('quote', { instrument: 'RELIANCE' }, ZED_U));
    expect(team.routes.map((r) => `${r.lane} ${r.asker}`)).toEqual([
      'people person:asha',
      'people person:asha',
      'people person:asha',
      `people discord:${ZED_U.id}`,
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { tokenEvents } from '../core/people/harness.js';
import { ASHA_U, MEENA_U, startTeam, type Team, VIK_U, ZED_U } from './harness.js';

const QUOTE = { name: 'get_quote', arguments: { instrument: 'RELIANCE' } };

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

describe('personal tokens from Discord, and who you are', () => {
  it('gives a linked person their own tokens privately (/token create, list, revoke), which work and stop working over MCP; anyone else is refused', async () => {
    team = await startTeam();
    const created = await team.answer(team.d.run('token', { create: { days: 30 } }, ASHA_U));
    expect(created.privately).toBe(true);
    const token = /`(omsd_[0-9a-f]{12}_[A-Za-z0-9_-]{43})`/.exec(created.text)?.[1] as string;
    const id = token.slice(5, 17);
    expect(created.text).toMatch(/shown only this once/);
    const client = await team.modern(token);
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      person: 'asha',
    });
    const listed = await team.answer(team.d.run('token', { list: {} }, ASHA_U));
    expect(listed.privately).toBe(true);
    expect(listed.text).toContain(`${id}`);
    expect(listed.text).toMatch(/: active/);
    expect(listed.text).not.toContain(token);
    // Another person's token reads as unknown to them: its id is no key.
    expect((await team.answer(team.d.run('token', { revoke: { id } }, VIK_U))).text).toMatch(
      /you have no token/,
    );
    expect((await team.answer(team.d.run('token', { create: {} }, ZED_U))).text).toMatch(
      /not in omsdesk’s people file/,
    );
    const revoked = await team.answer(team.d.run('token', { revoke: { id } }, ASHA_U));
    expect(revoked.text).toMatch(/revoked/);
    await expect(client.callTool(QUOTE)).rejects.toThrow(/401|nauthorized/);
    expect(await tokenEvents(team.d.g.auditPath)).toEqual([
      `token_issued ${id} asha discord:asha`,
      `token_revoked ${id} asha discord:asha`,
    ]);
  });

  it('/whoami says who you are, your role, caps and what you used today, to you alone', async () => {
    team = await startTeam();
    const me = await team.answer(team.d.run('whoami', {}, ASHA_U));
    expect(me.privately).toBe(true);
    expect(me.text).toMatch(/You are asha \(trader\)\./);
    expect(me.text).toMatch(/Your daily caps: 3 orders per day, within the desk’s\./);
    expect(me.text).toMatch(/Used today: 0 orders, ₹0\.00\./);
    expect((await team.answer(team.d.run('whoami', {}, MEENA_U))).text).toMatch(/You are meena \(viewer\)/);
    expect((await team.answer(team.d.run('whoami', {}, ZED_U))).text).toMatch(/not in omsdesk’s people file/);
  });

  it('keeps no token in any file of the data dir, whichever way it was issued', async () => {
    team = await startTeam();
    const byCli = await team.issue('vik');
    const created = await team.answer(team.d.run('token', { create: {} }, ASHA_U));
    const byDiscord = /`(omsd_[^`]+)`/.exec(created.text)?.[1] as string;
    for (const token of [byCli.token, byDiscord]) {
      const client = await team.legacy(token);
      await client.callTool(QUOTE);
    }
    await team.directory.close();
    const files = await team.dataFiles();
    expect(files.map((f) => f.path.split('/').pop())).toEqual(
      expect.arrayContaining(['tokens.jsonl', 'tokens-used.json', 'tokens-audited.json', 'audit.jsonl']),
    );
    for (const token of [byCli.token, byDiscord]) {
      const secret = token.slice(18);
      for (const { path, bytes } of files) {
        for (const form of [token, secret, Buffer.from(secret, 'base64url').toString('hex')])
          expect(bytes.includes(form), `${path}`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'base64url')), `${path}`).toBe(false);
      }
    }
    expect(team.d.logs.join('\n')).not.toContain(byDiscord);
  });
});

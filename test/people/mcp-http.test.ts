import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, INIT, MODERN, modernRequest, post } from '../mcp/http-client.js';
import { startTeam, TEAM, type Team } from './harness.js';

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

const QUOTE = { name: 'get_quote', arguments: { instrument: 'RELIANCE' } };
const PLACEMENTS = [
  'place_order',
  'place_multi_order',
  'place_long_straddle',
  'modify_order',
  'cancel_order',
];

/** A raw GET, as a client looking for OAuth metadata sends it. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON-RPC error of a refused request, and its challenge. */
async function refused(url: string, headers: Record<string, string>, body: unknown = INIT) {
  const answer = await post(url, headers, body);
  const message = (JSON.parse(answer.text) as { error: { message: string } }).error.message;
  return { status: answer.status, challenge: String(answer.headers['www-authenticate'] ?? ''), message };
}

describe('MCP over HTTP with a people file: a person per request, by their personal token', () => {
  it('refuses a missing, unknown, expired or revoked token with 401, a Bearer challenge and how to get one, in both revisions; and serves no OAuth discovery', async () => {
    team = await startTeam();
    const url = team.http.url;
    const expiring = await team.issue('asha', 1);
    const revoked = await team.issue('vik');
    await team.revoke(revoked.id);
    await team.d.g.clock.advance(2 * 86_400_000);
    const modern = modernRequest(1, 'tools/list');
    const cases = [
      ['missing', {}],
      ['unknown', { authorization: 'Bearer omsd_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['shared-token-shaped', { authorization: 'Bearer a-shared-token-of-32-characters-x' }],
      ['expired', { authorization: `Bearer ${expiring.token}` }],
      ['revoked', { authorization: `Bearer ${revoked.token}` }],
    ] as const;
    for (const [what, headers] of cases) {
      for (const [headersOf, body] of [
        [{}, INIT],
        [modern.headers, modern.body],
      ] as const) {
        const r = await refused(url, { ...headersOf, ...headers }, body);
        expect([what, r.status]).toEqual([what, 401]);
        expect(r.challenge).toMatch(/^Bearer realm="omsdesk"/);
        expect(r.challenge).not.toMatch(/resource_metadata/);
        expect(r.message).toMatch(/\/token create/);
        expect(r.message).toMatch(/omsdesk token issue <your id>/);
      }
    }
    expect((await refused(url, { authorization: `Bearer ${expiring.token}` })).message).toMatch(
      /issued for a time that has ended/,
    );
    expect((await refused(url, { authorization: `Bearer ${revoked.token}` })).message).toMatch(/was revoked/);
    const origin = new URL(url).origin;
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ])
      expect([path, await get(`${origin}${path}`)]).toEqual([path, 404]);
  });

  it("gives a viewer reads only, in both revisions: no placement tool, no order review, a placement refused; a trader's list has them and whoami", async () => {
    team = await startTeam();
    const meena = (await team.issue('meena')).token;
    const asha = (await team.issue('asha')).token;
    for (const client of [await team.legacy(meena), await team.modern(meena)]) {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_quote');
      expect(names).toContain('whoami');
      for (const name of [...PLACEMENTS, 'confirm_order']) expect(names).not.toContain(name);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).not.toContain('order_review');
      // Not listed, so not callable: the SDK refuses the call before any handler runs.
      await expect(
        client.callTool({
          name: 'place_order',
          arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
        }),
      ).rejects.toThrow(/place_order disabled/);
    }
    expect(team.d.g.placements).toHaveLength(0);
    for (const client of [await team.legacy(asha), await team.modern(asha)]) {
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const name of [...PLACEMENTS, 'whoami']) expect(names).toContain(name);
      // A token never makes another: nothing an MCP client can call touches tokens.
      expect(names.filter((n) => /token/.test(n))).toEqual([]);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('order_review');
    }
  });

  it('answers whoami with the person, role, own caps and what they used today', async () => {
    team = await startTeam();
    const client = await team.modern((await team.issue('asha')).token);
    const me = await client.callTool({ name: 'whoami', arguments: {} });
    expect(me.structuredContent).toEqual({ person: 'asha', role: 'trader', orders: 0, value: 0 });
    const text = JSON.stringify(me.content);
    expect(text).toMatch(/You are asha \(trader\)/);
    expect(text).toMatch(/Your daily caps: 3 orders per day, within the desk’s/);
    expect(text).toMatch(/Used today: 0 orders, ₹0\.00/);
  });

  it('never lets a 2025-11-25 session change person: another token on it is refused, its own goes on', async () => {
    team = await startTeam();
    const asha = await team.issue('asha');
    const vik = await team.issue('vik');
    const { client, transport } = await connect(team.http.url, { authorization: `Bearer ${asha.token}` });
    await client.callTool(QUOTE);
    const session = String(transport.sessionId);
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: QUOTE };
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const other = await post(team.http.url, { ...headers, authorization: `Bearer ${vik.token}` }, call);
    expect(other.status).toBe(403);
    expect(other.text).toMatch(/belongs to another person/);
    expect((await client.callTool(QUOTE)).isError).toBeFalsy();
    await client.close();
  });

  it('cuts an open session off on its next call once its token is revoked, in both revisions', async () => {
    team = await startTeam();
    const token = await team.issue('vik');
    const legacy = await team.legacy(token.token);
    const modern = await team.modern(token.token);
    expect((await legacy.callTool(QUOTE)).isError).toBeFalsy();
    expect((await modern.callTool(QUOTE)).isError).toBeFalsy();
    await team.revoke(token.id);
    await expect(legacy.callTool(QUOTE)).rejects.toThrow(/401|nauthorized/);
    await expect(modern.callTool(QUOTE)).rejects.toThrow(/401|nauthorized/);
  });

  it('reads the people file on every request: a demotion hides placement from an open session, a removal refuses it, an addition lets a new person in', async () => {
    team = await startTeam();
    const vik = await team.issue('vik');
    const session = await team.legacy(vik.token);
    expect((await session.listTools()).tools.map((t) => t.name)).toContain('place_order');
    await team.writePeople(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
    expect((await session.listTools()).tools.map((t) => t.name)).not.toContain('place_order');
    await expect(
      session.callTool({
        name: 'place_order',
        arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
      }),
    ).rejects.toThrow(/place_order disabled/);
    await team.writePeople(TEAM.filter((p) => p.id !== 'vik'));
    await expect(session.listTools()).rejects.toThrow(/401|nauthorized/);
    await team.writePeople([...TEAM, { id: 'nina', role: 'trader' }]);
    const nina = await team.modern((await team.issue('nina')).token);
    expect((await nina.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      person: 'nina',
    });
    expect(team.d.g.placements).toHaveLength(0);
  });

  it('explains and audits a refusal when a 2026-07-28 round is answered after its requester was demoted, as the 2025 form does', async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const vik = await team.issue('vik');
    const order = {
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    };
    const send = async (params: Record<string, unknown>) => {
      const { headers, body } = modernRequest(1, 'tools/call', params);
      const answer = await post(
        team?.http.url as string,
        { ...headers, authorization: `Bearer ${vik.token}` },
        body,
      );
      return JSON.parse(answer.text) as { result?: Record<string, unknown>; error?: { message: string } };
    };
    const round = (await send(order)).result ?? {};
    expect(round.resultType).toBe('input_required');
    await team.writePeople(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
    const answered = await send({
      ...order,
      requestState: round.requestState,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    });
    expect(answered.error).toBeUndefined();
    expect(answered.result?.isError).toBe(true);
    expect(JSON.stringify(answered.result?.content)).toMatch(
      /vik is a viewer now, and a viewer may not place orders/,
    );
    expect(team.d.g.placements).toHaveLength(0);
    const refused = (await team.d.g.auditEntries()).find((e) => e.event === 'decision_refused');
    expect(refused).toMatchObject({
      actor: { person: 'vik' },
      data: { reason: expect.stringMatching(/vik is a viewer now/) },
    });
    // A fresh placement by the viewer is still not served.
    const fresh = await send(order);
    expect(JSON.stringify(fresh)).toMatch(/place_order disabled|may not ask for orders/);
    expect(team.d.g.placements).toHaveLength(0);
  });

  it('explains and audits a refusal when confirm_order comes after its requester was demoted, in both revisions', async () => {
    team = await startTeam({ fourEyes: false, confirm: 'tool' });
    const vik = (await team.issue('vik')).token;
    const order = {
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    };
    const clients = [await team.legacy(vik), await team.modern(vik)];
    const tickets: Array<{ ticketId: string }> = [];
    for (const client of clients)
      tickets.push((await client.callTool(order)).structuredContent as { ticketId: string });
    await team.writePeople(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
    for (const [i, client] of clients.entries()) {
      const confirmed = await client.callTool({
        name: 'confirm_order',
        arguments: { ticket_id: tickets[i]?.ticketId },
      });
      expect(confirmed.isError).toBe(true);
      expect(JSON.stringify(confirmed.content)).toMatch(
        /vik is a viewer now, and a viewer may not place orders/,
      );
    }
    expect(team.d.g.placements).toHaveLength(0);
    const refused = (await team.d.g.auditEntries()).filter((e) => e.event === 'decision_refused');
    expect(refused.map((e) => e.ticket)).toEqual(tickets.map((t) => t.ticketId));
    // Nor does the decision list confirm_order to the viewer afterwards.
    expect((await clients[0]?.listTools())?.tools.map((t) => t.name)).not.toContain('confirm_order');
  });

  it('explains and audits a refusal when the order card’s Confirm comes after its requester was demoted', async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const vik = (await team.issue('vik')).token;
    const host = new Client(
      { name: 'card-host', version: '1.0.0' },
      {
        capabilities: {
          extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
        },
        versionNegotiation: { mode: { pin: MODERN } },
      },
    );
    await host.connect(
      new StreamableHTTPClientTransport(new URL(team.http.url), {
        requestInit: { headers: { authorization: `Bearer ${vik}` } },
      }),
    );
    try {
      const placed = await host.callTool({
        name: 'place_order',
        arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
      });
      const ticket = placed.structuredContent as { ticketId: string; confirmation: string };
      expect(ticket.confirmation).toBe('app');
      const hash = team.d.g.gate.get(ticket.ticketId)?.hash as string;
      await team.writePeople(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
      const decided = await host.callTool({
        name: 'decide_on_card',
        arguments: { ticket_id: ticket.ticketId, hash, decision: 'confirm' },
      });
      expect(decided.isError).toBe(true);
      expect(JSON.stringify(decided.content)).toMatch(
        /vik is a viewer now, and a viewer may not place orders/,
      );
      expect(team.d.g.placements).toHaveLength(0);
      const refused = (await team.d.g.auditEntries()).filter((e) => e.event === 'decision_refused');
      expect(refused.map((e) => e.ticket)).toEqual([ticket.ticketId]);
    } finally {
      await host.close();
    }
  });

  it('lets no one but its person answer a 2026-07-28 confirmation round, nor use it up', async () => {
    team = await startTeam({ fourEyes: false, confirm: 'elicit' });
    const asha = await team.issue('asha');
    const vik = await team.issue('vik');
    const order = {
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    };
    const send = async (token: string, params: Record<string, unknown>) => {
      const { headers, body } = modernRequest(1, 'tools/call', params);
      const answer = await post(
        team?.http.url as string,
        { ...headers, authorization: `Bearer ${token}` },
        body,
      );
      const data = answer.text.startsWith('{')
        ? answer.text
        : (answer.text
            .split('\n')
            .find((l) => l.startsWith('data:'))
            ?.slice(5) ?? '{}');
      return (JSON.parse(data) as { result: Record<string, unknown> }).result;
    };
    const round = await send(asha.token, order);
    expect(round.resultType).toBe('input_required');
    const reply = {
      ...order,
      requestState: round.requestState,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    };
    const byVik = await send(vik.token, reply);
    expect(byVik.isError).toBe(true);
    expect(JSON.stringify(byVik.content)).toMatch(/another person’s/);
    expect(team.d.g.placements).toHaveLength(0);
    const byAsha = await send(asha.token, reply);
    expect(byAsha.isError).toBeFalsy();
    expect(team.d.g.placements).toHaveLength(1);
  });
});

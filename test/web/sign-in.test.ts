import { auth as auth_ } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { buttonsOf } from '../discord/harness.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import { browserPerFile } from '../helpers/browser.js';
import { INIT, MODERN } from '../mcp/http-client.js';
import { RAVI_U, startTeam, type Team } from '../people/harness.js';
import {
  AssistantAuth,
  callbackCatcher,
  metadataHost,
  oauthClient,
  signInWithDiscord,
  signInWithToken,
  UnauthorizedError,
} from './oauth-client.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});

describe('sign in with Discord: an assistant reaches /oauth/mcp as a person, through the SDK client’s own OAuth', () => {
  it('discovers, registers dynamically, signs in through Discord and consent in a browser, refreshes; whoami names the person and a trader’s order passes the gate as them', async () => {
    team = await startTeam({ signIn: {} });
    const signIn = team.signIn;
    if (signIn === undefined) throw new Error('no sign-in');
    const callback = await callbackCatcher();
    closing.push(callback.close);
    const auth = new AssistantAuth(callback.url);
    const url = `${signIn.signIn.issuer}/oauth/mcp`;
    const first = oauthClient(url, auth);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.registered?.client_id).toEqual(expect.any(String));
    const authorizationUrl = auth.authorizationUrl as URL;
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(url);

    const page = await browser.newPage();
    page.setDefaultTimeout(5_000);
    closing.push(() => page.close());
    await signInWithDiscord(page, authorizationUrl);
    const back = callback.last() as URL;
    expect(back.searchParams.get('iss')).toBe(signIn.signIn.issuer);
    expect(back.searchParams.get('state')).toBe('assistant-state');
    await first.transport.finishAuth(back.searchParams);
    expect(auth.saved?.refresh_token).toEqual(expect.any(String));

    const { client, transport } = oauthClient(url, auth);
    await client.connect(transport);
    closing.push(() => client.close());
    const me = await client.callTool({ name: 'whoami', arguments: {} });
    expect(me.structuredContent).toMatchObject({ person: 'asha', role: 'trader' });

    // A trader's order goes to the approvers as hers, and leaves once one approves.
    const asked = client.callTool({ name: 'place_order', arguments: ORDER });
    const card = await team.d.fake.waitFor(() => {
      const last = team?.d.fake.messages(APPROVALS_CHANNEL)[0];
      return last && buttonsOf(last).length === 2 ? last : undefined;
    }, 'card');
    const id = /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string;
    await team.d.fake.ack(team.d.click(id, 'confirm', RAVI_U));
    await asked;
    await team.d.fake.waitFor(() => (team?.d.g.placements.length ?? 0) > 0 || undefined, 'placement');
    expect(team.d.g.placements).toHaveLength(1);
    const previewed = (await team.d.g.auditEntries()).find((e) => e.event === 'previewed' && e.ticket === id);
    expect(previewed?.actor).toMatchObject({
      person: 'asha',
      id: expect.stringContaining('oauth Test Assistant'),
    });

    const grants = await listGrants(team);
    expect(grants.map((g) => [g.person, g.client])).toEqual([
      ['asha', expect.stringContaining('Test Assistant')],
    ]);

    // Refresh through the SDK: a new access token and a rotated refresh token.
    const before = auth.saved as { access_token: string; refresh_token: string };
    expect(await auth_(auth, { serverUrl: url })).toBe('AUTHORIZED');
    const after = auth.saved as { access_token: string; refresh_token: string };
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(await whoamiStatus(url, after.access_token)).toBe(200);
    // The old refresh token again: refused, and the whole grant ends with it.
    const reused = await tokenRequest(signIn.signIn.issuer, {
      grant_type: 'refresh_token',
      refresh_token: before.refresh_token,
      client_id: String(auth.registered?.client_id),
    });
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
    expect(await whoamiStatus(url, after.access_token)).toBe(401);
    const next = await tokenRequest(signIn.signIn.issuer, {
      grant_type: 'refresh_token',
      refresh_token: after.refresh_token,
      client_id: String(auth.registered?.client_id),
    });
    expect([next.status, next.body.error]).toEqual([400, 'invalid_grant']);
    expect(await listGrants(team)).toEqual([]);
    // Nothing secret is written: no token or code of this sign-in appears in the data dir.
    const files = (await team.dataFiles()).map((f) => f.bytes.toString('utf8')).join('\n');
    for (const secret of [before.access_token, before.refresh_token, after.access_token, after.refresh_token])
      expect(files).not.toContain(secret);
    expect(files).not.toContain(String(back.searchParams.get('code')));
  });
});

describe('registration by a client ID metadata document, and sign-in with a personal token', () => {
  it('takes the client from its https document, signs a person without Discord in with their personal token, and serves them', async () => {
    const callback = await callbackCatcher();
    closing.push(callback.close);
    const clientId = 'https://assistant.test/client.json';
    const host = await metadataHost({
      '/client.json': {
        body: JSON.stringify({
          client_id: clientId,
          client_name: 'Document Assistant',
          redirect_uris: [callback.url],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      },
    });
    closing.push(host.close);
    team = await startTeam({ signIn: { fetch: host.fetch } });
    const issuer = team.signIn?.signIn.issuer as string;
    const meena = await team.issue('meena');
    const auth = new AssistantAuth(callback.url, clientId, 'Document Assistant');
    const url = `${issuer}/oauth/mcp`;
    const first = oauthClient(url, auth, MODERN);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.registered?.client_id).toBe(clientId);
    const page = await browser.newPage();
    page.setDefaultTimeout(5_000);
    closing.push(() => page.close());
    await page.goto(String(auth.authorizationUrl));
    await page.getByText('Document Assistant asks to reach the trading desk as you.').waitFor();
    await signInWithToken(page, auth.authorizationUrl as URL, meena.token);
    await first.transport.finishAuth((callback.last() as URL).searchParams);
    const { client, transport } = oauthClient(url, auth, MODERN);
    await client.connect(transport);
    closing.push(() => client.close());
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      person: 'meena',
      role: 'viewer',
    });
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('place_order');
  });
});

/** A 2025-11-25 whoami over `/oauth/mcp` with a bearer, by plain HTTP: its status. */
async function whoamiStatus(url: string, token: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(INIT),
  });
  await answer.body?.cancel();
  return answer.status;
}

/** A request to the token endpoint, as any client sends it. */
async function tokenRequest(issuer: string, form: Record<string, string>) {
  const answer = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as { error?: string; access_token?: string } };
}

async function listGrants(t: Team) {
  const { GrantFiles } = await import('../../src/core/people/index.js');
  return new GrantFiles(t.d.g.dataDir).grants(Date.now());
}

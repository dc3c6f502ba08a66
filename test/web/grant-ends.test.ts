import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { GrantFiles } from '../../src/core/people/index.js';
import { buttonsOf, textOf } from '../discord/harness.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import { browserPerFile } from '../helpers/browser.js';
import { INIT, post, sessionOf } from '../mcp/http-client.js';
import { modernClient } from '../mcp/modern-harness.js';
import { ASHA_U, RAVI_U, startTeam, TEAM, type Team } from '../people/harness.js';
import { authorizationRequest, callbackCatcher, signInWithToken } from './oauth-client.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const OPERATOR = { by: { channel: 'cli', id: 'operator' } } as const;

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});

/** Asha signs in an assistant registered over plain HTTP (in a browser of her own): its access token and grant id. */
async function signedIn(t: Team) {
  const issuer = t.signIn?.signIn.issuer as string;
  const callback = await callbackCatcher();
  closing.push(callback.close);
  const registered = await fetch(`${issuer}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Raw Client',
      redirect_uris: [callback.url],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    }),
  });
  const clientId = String(((await registered.json()) as { client_id: string }).client_id);
  const { url, verifier } = authorizationRequest(issuer, clientId, callback.url);
  const context = await browser.newContext();
  closing.push(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(5_000);
  await signInWithToken(page, url, (await t.issue('asha')).token);
  const exchanged = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: String(callback.last()?.searchParams.get('code')),
      code_verifier: verifier,
      redirect_uri: callback.url,
      client_id: clientId,
    }).toString(),
  });
  const tokens = (await exchanged.json()) as { access_token: string; refresh_token: string };
  const [grant] = await new GrantFiles(t.d.g.dataDir).grants(Date.now());
  /** Exchanges a refresh token at the token endpoint: the status. */
  const refresh = async (token: string): Promise<number> => {
    const answer = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId }),
    });
    await answer.body?.cancel();
    return answer.status;
  };
  return {
    access: tokens.access_token,
    refreshToken: tokens.refresh_token,
    refresh,
    grant: String(grant?.id),
    url: `${issuer}/oauth/mcp`,
  };
}

/** Asha's assistant asks for an order over /oauth/mcp; the ticket's id once its card has its buttons. */
async function askedOverOAuth(t: Team, signed: { access: string; url: string }): Promise<string> {
  const client = await modernClient(signed.url, undefined, { authorization: `Bearer ${signed.access}` });
  closing.push(() => client.close());
  void client.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
  const card = await t.d.fake.waitFor(() => {
    const last = t.d.fake.messages(APPROVALS_CHANNEL)[0];
    return last && buttonsOf(last).length === 2 ? last : undefined;
  }, 'card');
  return /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string;
}

describe('ending a sign-in grant ends what it started, as a revoked token does', () => {
  it('records the grant as the ticket’s credential; revoked before an approver confirms, the ticket is declined with the reason and nothing is placed', async () => {
    team = await startTeam({ signIn: {} });
    const signed = await signedIn(team);
    const id = await askedOverOAuth(team, signed);
    const previewed = (await team.d.g.auditEntries()).find((e) => e.event === 'previewed');
    expect(previewed?.actor).toMatchObject({ person: 'asha', credential: `grant:${signed.grant}` });
    // `omsdesk token revoke <grant id>`, as the command line does it, before anything looked.
    expect(await new GrantFiles(team.d.g.dataDir).endById(signed.grant, Date.now(), OPERATOR)).toBeDefined();
    const clicked = await team.answer(team.d.click(id, 'confirm', RAVI_U));
    expect(clicked.text).toMatch(new RegExp(`grant.${signed.grant}|already DECLINED`));
    const card = await team.d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'declined');
    expect(buttonsOf(card)).toHaveLength(0);
    expect(team.d.g.placements).toHaveLength(0);
    const declined = (await team.d.g.auditEntries()).find((e) => e.event === 'declined' && e.ticket === id);
    expect(JSON.stringify(declined?.data)).toContain(`grant ${signed.grant} of asha was ended`);
    const ending = (await team.d.g.auditEntries()).filter((e) => e.event === 'grant_ended');
    expect(ending.map((e) => [e.actor, e.data])).toEqual([
      [{ channel: 'cli', id: 'operator' }, expect.objectContaining({ grant: signed.grant, person: 'asha' })],
    ]);
  });

  it('a refresh token used twice ends the grant: its waiting ticket is declined and nothing is placed', async () => {
    team = await startTeam({ signIn: {} });
    const signed = await signedIn(team);
    const id = await askedOverOAuth(team, signed);
    expect(await signed.refresh(signed.refreshToken)).toBe(200);
    expect(await signed.refresh(signed.refreshToken)).toBe(400);
    await team.directory.refresh();
    await team.d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'declined');
    const declined = (await team.d.g.auditEntries()).find((e) => e.event === 'declined' && e.ticket === id);
    expect(JSON.stringify(declined?.data)).toContain(`grant ${signed.grant} of asha was ended because`);
    expect(team.d.g.placements).toHaveLength(0);
  });

  it('closes the grant’s open 2025-11-25 session stream when the person ends it with /token revoke', async () => {
    team = await startTeam({ signIn: {} });
    const t = team;
    const signed = await signedIn(t);
    const bearer = { authorization: `Bearer ${signed.access}` };
    const opened = await post(signed.url, bearer, INIT);
    expect(opened.status).toBe(200);
    const session = sessionOf(opened);
    const stream = await new Promise<{ status: number; ended: Promise<void> }>((resolve, reject) => {
      const headers = {
        ...bearer,
        accept: 'text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      };
      const req = request(signed.url, { method: 'GET', headers }, (res) => {
        res.on('error', () => undefined);
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          ended: new Promise((done) => res.once('close', () => done())),
        });
      });
      req.on('error', reject);
      closing.push(() => {
        req.destroy();
        return undefined;
      });
      req.end();
    });
    expect(stream.status).toBe(200);
    const ended = await t.answer(t.d.run('token', { revoke: { id: signed.grant } }, ASHA_U));
    expect(ended.text).toMatch(/ended: .*its waiting tickets are declined, its MCP sessions closed/);
    await stream.ended;
    expect((await post(signed.url, { ...bearer, 'mcp-session-id': session }, INIT)).status).toBe(401);
  });

  it('removing the person ends the grant for good and declines its waiting ticket', async () => {
    team = await startTeam({ signIn: {} });
    const signed = await signedIn(team);
    const id = await askedOverOAuth(team, signed);
    await team.writePeople(TEAM.filter((p) => p.id !== 'asha'));
    await team.directory.refresh();
    await team.d.cardWhere(id, (c) => /rejected: nothing was sent/.test(textOf(c)), 'declined');
    expect(await new GrantFiles(team.d.g.dataDir).grants(Date.now())).toEqual([]);
    const reasons = (await team.d.g.auditEntries())
      .filter((e) => e.event === 'declined' && e.ticket === id)
      .map((e) => JSON.stringify(e.data));
    expect(reasons.join(' ')).toMatch(/asha is no longer in the people file|grant .* left the people file/);
    // An entry with the same id later is someone the grant was never given to.
    await team.writePeople(TEAM);
    await team.directory.refresh();
    expect((await post(signed.url, { authorization: `Bearer ${signed.access}` }, INIT)).status).toBe(401);
    expect(team.d.g.placements).toHaveLength(0);
  });
});

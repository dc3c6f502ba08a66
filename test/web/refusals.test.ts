import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSignIn } from '../../src/cli/sign-in.js';
import { silentLogger } from '../../src/core/logger.js';
import { GrantFiles } from '../../src/core/people/index.js';
import { browserPerFile } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { INIT } from '../mcp/http-client.js';
import { ASHA_U, startTeam, type Team, ZED_U } from '../people/harness.js';
import {
  authorizationRequest,
  callbackCatcher,
  metadataHost,
  newVerifier,
  signInWithToken,
} from './oauth-client.js';

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});
// Registered after the browser's hooks, so it runs before them: real timers before anything closes.
afterEach(() => {
  vi.useRealTimers();
});

/** A team with sign-in, a client registered by plain HTTP, a browser page and the assistant's callback. */
async function setUp(
  fetchDocument?: (url: string | URL, init: RequestInit) => Promise<Response>,
  method = 'none',
) {
  team = await startTeam({ signIn: fetchDocument === undefined ? {} : { fetch: fetchDocument } });
  const issuer = team.signIn?.signIn.issuer as string;
  const callback = await callbackCatcher();
  closing.push(callback.close);
  const registered = await post(`${issuer}/register`, 'application/json', {
    client_name: 'Raw Client',
    redirect_uris: [callback.url],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: method,
  });
  const clientId = String(registered.body.client_id);
  const secret =
    registered.body.client_secret === undefined
      ? {}
      : { client_secret: String(registered.body.client_secret) };
  const page = await browser.newPage();
  page.setDefaultTimeout(5_000);
  closing.push(() => page.close());
  const t = team;
  /** An authorization request with a fresh PKCE pair. */
  const authorize = (extra: Record<string, string> = {}) =>
    authorizationRequest(issuer, clientId, callback.url, extra);
  /** A code, after Asha signs in with her personal token and approves (in a browser of her own). */
  const code = async () => {
    const asha = await t.issue('asha');
    const { url, verifier } = authorize();
    const context = await browser.newContext();
    closing.push(() => context.close());
    const own = await context.newPage();
    own.setDefaultTimeout(5_000);
    await signInWithToken(own, url, asha.token);
    return { code: String(callback.last()?.searchParams.get('code')), verifier };
  };
  const exchange = (c: string, verifier: string, given: Record<string, string> = secret) =>
    post(`${issuer}/token`, 'application/x-www-form-urlencoded', {
      grant_type: 'authorization_code',
      code: c,
      code_verifier: verifier,
      redirect_uri: callback.url,
      client_id: clientId,
      ...given,
    });
  return { t, issuer, clientId, secret, page, callback, authorize, code, exchange };
}

async function post(url: string, type: string, body: Record<string, unknown>) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body:
      type === 'application/json'
        ? JSON.stringify(body)
        : new URLSearchParams(body as Record<string, string>).toString(),
  });
  return {
    status: answer.status,
    body: (await answer.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/** A 2025-11-25 initialize with a bearer, by plain HTTP: its status and challenge. */
async function mcpWith(url: string, token: string) {
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
  return { status: answer.status, challenge: answer.headers.get('www-authenticate') ?? '' };
}

const grants = (t: Team) => new GrantFiles(t.d.g.dataDir).grants(Date.now());

async function pageText(page: Page): Promise<string> {
  return ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
}

describe('OAuth refusals over plain HTTP, each with the RFC error code and nothing issued', () => {
  it('a wrong PKCE verifier, a reused code and an expired code: invalid_grant', async () => {
    const s = await setUp();
    const first = await s.code();
    const wrong = await s.exchange(first.code, newVerifier());
    expect([wrong.status, wrong.body.error, wrong.body.access_token]).toEqual([
      400,
      'invalid_grant',
      undefined,
    ]);

    const second = await s.code();
    const ok = await s.exchange(second.code, second.verifier);
    expect(ok.body.access_token).toEqual(expect.any(String));
    const reused = await s.exchange(second.code, second.verifier);
    expect([reused.status, reused.body.error, reused.body.access_token]).toEqual([
      400,
      'invalid_grant',
      undefined,
    ]);
    // A code used twice ends what it started: the token it gave stops working.
    expect((await mcpWith(`${s.issuer}/oauth/mcp`, String(ok.body.access_token))).status).toBe(401);

    const third = await s.code();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const late = await s.exchange(third.code, third.verifier);
    expect([late.status, late.body.error, late.body.access_token]).toEqual([400, 'invalid_grant', undefined]);
    expect(s.t.logs.some((l) => l.includes('oauth refused: invalid_grant'))).toBe(true);
  });

  it('an unregistered redirect URI, a token for another resource, PKCE other than S256, and a Discord answer with a state never given', async () => {
    const s = await setUp();
    const evil = s.authorize({ redirect_uri: 'http://127.0.0.1:9/elsewhere' });
    const answer = await fetch(evil.url, { redirect: 'manual' });
    expect([answer.status, await answer.text()]).toEqual([
      400,
      expect.stringContaining('invalid_redirect_uri'),
    ]);

    const plain = s.authorize({ code_challenge_method: 'plain' });
    await s.page.goto(plain.url.toString());
    expect(String(s.callback.last()?.searchParams.get('error'))).toBe('invalid_request');

    const other = s.authorize({ resource: 'https://other.example/mcp' });
    await s.page.goto(other.url.toString());
    expect(s.callback.last()?.searchParams.get('error')).toBe('invalid_target');
    expect(s.callback.last()?.searchParams.get('iss')).toBe(s.issuer);

    const forged = await fetch(`${s.issuer}/sign-in/discord/callback?state=made-up&code=abc`);
    expect([forged.status, await forged.text()]).toEqual([400, expect.stringContaining('invalid state')]);
    expect(await grants(s.t)).toEqual([]);
    expect(s.t.logs).toContain('warn sign-in refused: discord state mismatch');
  });

  it('refuses at /oauth/mcp any token but its own access tokens, and gives /mcp no OAuth token', async () => {
    const s = await setUp();
    const { code, verifier } = await s.code();
    const access = String((await s.exchange(code, verifier)).body.access_token);
    const personal = (await s.t.issue('asha')).token;
    const oauthUrl = `${s.issuer}/oauth/mcp`;
    // A 2025-11-25 session opens with it (the SDK client of the other test speaks 2026-07-28).
    expect((await mcpWith(oauthUrl, access)).status).toBe(200);
    // The grant outlives the process: a new server on the same data dir takes the same token.
    const restarted = await mountSignIn(
      { publicUrl: s.issuer },
      { dataDir: s.t.d.g.dataDir, people: s.t.directory, logger: silentLogger },
    );
    closing.push(() => restarted.signIn.close());
    expect((await restarted.signIn.verify(access))?.person.id).toBe('asha');
    expect(await restarted.signIn.verify(`${access}x`)).toBeUndefined();
    const refused = await mcpWith(oauthUrl, personal);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain(
      `resource_metadata="${s.issuer}/.well-known/oauth-protected-resource/oauth/mcp"`,
    );
    expect(refused.challenge).toContain('invalid_token');
    expect((await mcpWith(s.t.http.url, access)).status).toBe(401);
    expect((await mcpWith(s.t.http.url, personal)).status).toBe(200);
    // Removal from the people file ends every grant at once.
    await s.t.writePeople([{ id: 'ravi', role: 'approver' }]);
    expect((await mcpWith(oauthUrl, access)).status).toBe(401);
    // /mcp stays as it was: personal tokens, and nothing that points a client to OAuth.
    const plain = await mcpWith(s.t.http.url, 'not-a-token');
    expect([plain.status, plain.challenge]).toEqual([401, expect.not.stringContaining('resource_metadata')]);
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])
      expect([path, (await fetch(`${s.issuer}${path}`)).status]).toEqual([path, 404]);
    const metadata = await (await fetch(`${s.issuer}/.well-known/oauth-protected-resource/oauth/mcp`)).json();
    expect(metadata).toMatchObject({ resource: oauthUrl, authorization_servers: [s.issuer] });
    const as = await (await fetch(`${s.issuer}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: s.issuer,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      registration_endpoint: `${s.issuer}/register`,
    });
  });

  it('ends grants: a person’s /token revoke, omsdesk token revoke --person; omsdesk token list shows them', async () => {
    const s = await setUp();
    const oauthUrl = `${s.issuer}/oauth/mcp`;
    const first = await s.code();
    const a = String((await s.exchange(first.code, first.verifier)).body.access_token);
    expect((await mcpWith(oauthUrl, a)).status).toBe(200);
    const env = { OMSDESK_DATA_DIR: s.t.d.g.dataDir, OMSDESK_LOG_LEVEL: 'warn', OMSDESK_LOG_FORMAT: 'text' };
    const listed = await runCli(['token', 'list'], env);
    expect(listed.stdout).toMatch(/GRANT\s+PERSON\s+CLIENT\s+CREATED \(IST\)\s+LAST USED \(IST\)/);
    const [grant] = await grants(s.t);
    expect(listed.stdout).toMatch(new RegExp(`${grant?.id}\\s+asha\\s+Raw Client`));
    const mine = await s.t.answer(s.t.d.run('token', { list: {} }, ASHA_U));
    expect(mine.text).toContain(String(grant?.id));
    const ended = await s.t.answer(s.t.d.run('token', { revoke: { id: String(grant?.id) } }, ASHA_U));
    expect(ended.text).toMatch(/Sign-in `[0-9a-f]{12}` of Raw Client \([^)]+\) ended/);
    expect((await mcpWith(oauthUrl, a)).status).toBe(401);

    const second = await s.code();
    const b = String((await s.exchange(second.code, second.verifier)).body.access_token);
    expect((await mcpWith(oauthUrl, b)).status).toBe(200);
    const revoked = await runCli(['token', 'revoke', '--person', 'asha'], env);
    expect(revoked.stdout).toMatch(/Ended 1 sign-in grant of asha/);
    expect((await mcpWith(oauthUrl, b)).status).toBe(401);
    expect(await grants(s.t)).toEqual([]);
  });

  it('a consent post forged from elsewhere or without the browser’s cookie is refused; Deny sends access_denied; nothing is granted', async () => {
    const s = await setUp();
    const asha = await s.t.issue('asha');
    await s.page.goto(s.authorize().url.toString());
    await s.page.getByLabel('Personal token').fill(asha.token);
    await s.page.getByRole('button', { name: 'Sign in with this token' }).click();
    await s.page.getByRole('heading', { name: 'Allow access to the desk?' }).waitFor();
    expect(await pageText(s.page)).toMatch(/Raw Client.*returning to 127\.0\.0\.1:\d+.*act as asha, trader/);
    const action = new URL(String(await s.page.locator('form').getAttribute('action')), s.issuer).toString();
    const csrf = String(await s.page.locator('input[name=csrf]').getAttribute('value'));
    const forge = (headers: Record<string, string>, body: Record<string, string>) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      });
    const crossSite = await forge({ origin: 'https://evil.example' }, { csrf, decision: 'approve' });
    expect(crossSite.status).toBe(403);
    const noToken = await forge({}, { decision: 'approve' });
    expect(noToken.status).toBe(403);
    const noCookie = await forge({}, { csrf, decision: 'approve' });
    expect(noCookie.status).toBe(400);
    expect(await grants(s.t)).toEqual([]);
    await s.page.getByRole('button', { name: 'Deny' }).click();
    await s.page.waitForURL(/\/callback\?/);
    expect(s.callback.last()?.searchParams.get('error')).toBe('access_denied');
    expect(await grants(s.t)).toEqual([]);
    expect(s.t.logs).toContain('warn sign-in refused: forged or malformed consent post');
  });

  it('a registered client with a secret: the secret kept only as its hash, a wrong one refused with invalid_client', async () => {
    const s = await setUp(undefined, 'client_secret_post');
    const secret = String(s.secret.client_secret);
    expect(secret.length).toBeGreaterThan(20);
    const first = await s.code();
    const wrong = await s.exchange(first.code, first.verifier, { client_secret: `${secret}x` });
    expect([wrong.status, wrong.body.error, wrong.body.access_token]).toEqual([
      401,
      'invalid_client',
      undefined,
    ]);
    const second = await s.code();
    const ok = await s.exchange(second.code, second.verifier);
    expect(ok.body.access_token).toEqual(expect.any(String));
    const files = (await s.t.dataFiles()).map((f) => f.bytes.toString('utf8')).join('\n');
    expect(files).not.toContain(secret);
  });

  it('a Discord answer that fails or lies, and a Discord user in no people file: a clear page, no grant', async () => {
    const s = await setUp();
    const oauth = s.t.d.fake.oauth;
    const cases = [
      ['token-fails', /Discord refused the sign-in \(HTTP 500\)/],
      ['not-json', /not JSON/],
      ['token-lies', /did not give a usable sign-in/],
      ['user-lies', /did not say who you are/],
      ['ok', /not linked to anyone in this desk’s people file/],
    ] as const;
    oauth.signedInAs = ZED_U.id;
    for (const [mode, says] of cases) {
      oauth.mode = mode;
      await s.page.goto(s.authorize().url.toString());
      await s.page.getByRole('button', { name: 'Sign in with Discord' }).click();
      await s.page.getByRole('button', { name: 'Authorize' }).click();
      await s.page.getByRole('alert').waitFor();
      expect([mode, await pageText(s.page)]).toEqual([mode, expect.stringMatching(says)]);
    }
    expect(await grants(s.t)).toEqual([]);
    // Discord's own tokens are never taken at the MCP endpoint.
    for (const token of oauth.issued)
      expect((await mcpWith(`${s.issuer}/oauth/mcp`, token)).status).toBe(401);
  });

  it('a client metadata document that cannot be reached, is too large or is not JSON: invalid_client', async () => {
    const host = await metadataHost({
      '/big.json': {
        body: JSON.stringify({ client_id: 'https://assistant.test/big.json', pad: 'x'.repeat(6_000) }),
      },
      '/not-json.json': { body: '<html>not json</html>' },
    });
    closing.push(host.close);
    const s = await setUp(host.fetch);
    for (const doc of ['unreachable', 'big', 'not-json']) {
      const url = s.authorize({ client_id: `https://assistant.test/${doc}.json` }).url;
      const answer = await fetch(url, { redirect: 'manual' });
      expect([doc, answer.status, await answer.text()]).toEqual([
        doc,
        400,
        expect.stringContaining('invalid_client'),
      ]);
    }
    expect(s.t.logs.filter((l) => l.includes('oauth refused: invalid_client')).length).toBeGreaterThanOrEqual(
      3,
    );
  });
});

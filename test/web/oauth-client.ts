import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';

type Stored = Record<string, unknown>;

/**
 * An assistant's side of OAuth as the MCP SDK v2 client runs it: this provider keeps what the SDK asks it
 * to keep, and hands the authorization URL to the test's browser.
 */
export class AssistantAuth implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  #client: Stored | undefined;
  #tokens: Stored | undefined;
  #verifier = '';
  #discovery: Stored | undefined;
  readonly clientMetadataUrl?: string;
  constructor(
    readonly redirect: string,
    clientMetadataUrl?: string,
    readonly name = 'Test Assistant',
  ) {
    if (clientMetadataUrl !== undefined) this.clientMetadataUrl = clientMetadataUrl;
  }
  get redirectUrl(): string {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state(): string {
    return 'assistant-state';
  }
  clientInformation() {
    return this.#client as never;
  }
  saveClientInformation(info: Stored): void {
    this.#client = info;
  }
  tokens() {
    return this.#tokens as never;
  }
  saveTokens(tokens: Stored): void {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    return this.#verifier;
  }
  discoveryState() {
    return this.#discovery as never;
  }
  saveDiscoveryState(state: object): void {
    this.#discovery = state as Stored;
  }
  /** The tokens the SDK saved, as a test reads them. */
  get saved(): { access_token: string; refresh_token?: string } | undefined {
    return this.#tokens as never;
  }
  get registered(): Stored | undefined {
    return this.#client;
  }
}

/** The assistant's redirect URL: a loopback server that records each callback. */
export async function callbackCatcher(): Promise<{
  url: string;
  last: () => URL | undefined;
  close(): Promise<void>;
}> {
  let last: URL | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // A browser also asks for /favicon.ico: only the callback counts.
    if (url.pathname === '/callback') last = url;
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Back</title><h1>You can close this window</h1>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    last: () => last,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A v2 client on `/oauth/mcp` with the SDK's own OAuth, pinned to a revision. */
export function oauthClient(
  url: string,
  auth: AssistantAuth,
  version?: string,
): { client: Client; transport: StreamableHTTPClientTransport } {
  const client = new Client(
    { name: 'omsdesk-oauth-test', version: '1.0.0' },
    version === undefined ? {} : { versionNegotiation: { mode: { pin: version } } },
  );
  return { client, transport: new StreamableHTTPClientTransport(new URL(url), { authProvider: auth }) };
}

export { UnauthorizedError };

/** Drives the browser through sign-in with Discord and consent, as a person would; returns the callback URL. */
export async function signInWithDiscord(page: Page, authorizationUrl: URL, approve = true): Promise<void> {
  await page.goto(authorizationUrl.toString());
  await page.getByRole('button', { name: 'Sign in with Discord' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.getByRole('heading', { name: 'Allow access to the desk?' }).waitFor();
  await page.getByRole('button', { name: approve ? 'Approve' : 'Deny' }).click();
  await page.waitForURL(/\/callback\?/);
}

/** Signs in by pasting a personal token, then approves (or denies) on the consent page. */
export async function signInWithToken(
  page: Page,
  authorizationUrl: URL,
  token: string,
  approve = true,
): Promise<void> {
  await page.goto(authorizationUrl.toString());
  await page.getByLabel('Personal token').fill(token);
  await page.getByRole('button', { name: 'Sign in with this token' }).click();
  await page.getByRole('heading', { name: 'Allow access to the desk?' }).waitFor();
  await page.getByRole('button', { name: approve ? 'Approve' : 'Deny' }).click();
  await page.waitForURL(/\/callback\?/);
}

/** Client metadata documents on a loopback host, reached as `https://assistant.test/…` by the server's fetch. */
export async function metadataHost(documents: Record<string, { status?: number; body: string }>) {
  const server = createServer((req, res) => {
    const doc = documents[req.url ?? ''];
    if (doc === undefined) res.writeHead(404).end();
    else res.writeHead(doc.status ?? 200, { 'content-type': 'application/json' }).end(doc.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const fetchDocument = (url: string | URL, init: RequestInit): Promise<Response> => {
    const target = new URL(url);
    if (target.host !== 'assistant.test') return Promise.reject(new Error(`no such host ${target.host}`));
    if (target.pathname === '/unreachable.json') return Promise.reject(new TypeError('fetch failed'));
    const { dispatcher: _guard, ...rest } = init as RequestInit & { dispatcher?: unknown };
    return fetch(`http://127.0.0.1:${port}${target.pathname}`, rest);
  };
  return { fetch: fetchDocument, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A fresh PKCE verifier (32 random bytes, base64url). */
export const newVerifier = (): string => randomBytes(32).toString('base64url');

/**
 * An authorization request to `/oauth/mcp`'s server for a registered client, with a fresh PKCE pair (S256):
 * the URL a browser opens and the verifier its code is exchanged with. `extra` adds or overrides parameters.
 */
export function authorizationRequest(
  issuer: string,
  clientId: string,
  redirectUri: string,
  extra: Record<string, string> = {},
): { url: URL; verifier: string } {
  const verifier = newVerifier();
  const url = new URL(`${issuer}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'st',
    scope: 'mcp offline_access',
    resource: `${issuer}/oauth/mcp`,
    ...extra,
  }).toString();
  return { url, verifier };
}

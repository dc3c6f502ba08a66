import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How the fake's sign-in answers: as Discord, failing, or lying about who signed in. */
export type OAuthMode = 'ok' | 'token-fails' | 'token-lies' | 'user-lies' | 'not-json';

/** Discord's OAuth2 on the fake: the authorize page, the code exchange and `/users/@me`. */
export class FakeDiscordOAuth {
  /** The application the fake accepts, and its secret. */
  readonly applicationId = '1300000000000000001';
  readonly clientSecret = 'fake-discord-client-secret-0123456789';
  /** Who is signed in to Discord in the browser (a Discord user id). */
  signedInAs = '1200000000000000201';
  mode: OAuthMode = 'ok';
  readonly #codes = new Map<string, { user: string; challenge: string; redirect: string }>();
  readonly #tokens = new Map<string, string>();
  /** Every access token handed out, so a test can try one where it must not work. */
  readonly issued: string[] = [];

  /** Serves an OAuth path; false for any other. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /oauth2/authorize') this.#page(res, url);
    else if (route === 'POST /oauth2/authorize') void this.#approve(req, res);
    else if (route === 'POST /api/oauth2/token') void this.#token(req, res);
    else if (route === 'GET /api/users/@me') this.#me(req, res);
    else return false;
    return true;
  }

  #page(res: ServerResponse, url: URL): void {
    const ok =
      url.searchParams.get('client_id') === this.applicationId &&
      url.searchParams.get('scope') === 'identify' &&
      url.searchParams.get('response_type') === 'code' &&
      url.searchParams.get('code_challenge_method') === 'S256';
    if (!ok) {
      res.writeHead(400).end('invalid authorize request');
      return;
    }
    const hidden = ['redirect_uri', 'state', 'code_challenge']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(url.searchParams.get(k) ?? '')}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Discord</title><h1>An application wants to know who you are</h1><form method="post" action="/oauth2/authorize">${hidden}<button name="answer" value="authorize">Authorize</button><button name="answer" value="cancel">Cancel</button></form>`,
    );
  }

  async #approve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await text(req));
    const redirect = new URL(form.get('redirect_uri') ?? '');
    redirect.searchParams.set('state', form.get('state') ?? '');
    if (form.get('answer') !== 'authorize') redirect.searchParams.set('error', 'access_denied');
    else {
      const code = randomBytes(12).toString('hex');
      this.#codes.set(code, {
        user: this.signedInAs,
        challenge: form.get('code_challenge') ?? '',
        redirect: form.get('redirect_uri') ?? '',
      });
      redirect.searchParams.set('code', code);
    }
    res.writeHead(302, { location: redirect.toString() }).end();
  }

  async #token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await text(req));
    if (this.mode === 'token-fails') return json(res, 500, { message: 'Internal Server Error' });
    if (this.mode === 'not-json')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    const basic = Buffer.from(`${this.applicationId}:${this.clientSecret}`).toString('base64');
    const code = this.#codes.get(form.get('code') ?? '');
    this.#codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const pkce = createHash('sha256').update(verifier).digest('base64url');
    if (
      req.headers.authorization !== `Basic ${basic}` ||
      code === undefined ||
      code.challenge !== pkce ||
      code.redirect !== form.get('redirect_uri')
    )
      return json(res, 400, { error: 'invalid_grant' });
    const token = randomBytes(20).toString('hex');
    this.#tokens.set(token, code.user);
    this.issued.push(token);
    if (this.mode === 'token-lies')
      return json(res, 200, { access_token: token, token_type: 'mac', scope: 'guilds' });
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800, scope: 'identify' });
  }

  #me(req: IncomingMessage, res: ServerResponse): void {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const user = this.#tokens.get(token);
    if (user === undefined) json(res, 401, { message: '401: Unauthorized', code: 0 });
    else if (this.mode === 'user-lies') json(res, 200, { id: 'everyone', username: 'asha' });
    else json(res, 200, { id: user, username: `user${user.slice(-3)}` });
  }
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

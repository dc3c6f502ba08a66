import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DiscordSignInConfig } from '../core/config/index.js';
import type { Logger } from '../core/logger.js';
import {
  GrantFiles,
  grantCredential,
  grantShortId,
  grantUsesFile,
  type PeopleDirectory,
  type Person,
  TokenUseLog,
} from '../core/people/index.js';
import type { WebDeskDeps } from './desk/deps.js';
import { createWebDesk, type WebDesk } from './desk/web-desk.js';
import { createProvider, OAUTH_MCP_PATH, OAUTH_ROUTES } from './oauth/provider.js';
import { FormGuard } from './sign-in/csrf.js';
import { DiscordSignIn } from './sign-in/discord.js';
import { interactionRoutes, isPagePath } from './sign-in/interactions.js';

/** Who an OAuth access token stands for, checked now: never the token itself. */
export interface OAuthCaller {
  readonly person: Person;
  readonly clientId: string;
  /** The client's registered name, or its id. */
  readonly client: string;
  readonly grant: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  /** The audience the token was issued for. */
  readonly resource: string;
}

/** What sign-in is built from. */
export interface SignInOptions {
  readonly publicUrl: string;
  readonly discord?: DiscordSignInConfig;
  readonly dataDir: string;
  readonly people: PeopleDirectory;
  readonly logger: Logger;
  /** How client metadata documents are fetched (tests: a fake host on loopback). */
  readonly fetch?: (url: string | URL, init: RequestInit) => Promise<Response>;
  readonly now?: () => number;
  /** The web desk's parts: with them, `/desk` and `/tickets/{id}` are served on the same sign-in. */
  readonly desk?: Omit<WebDeskDeps, 'people' | 'logger' | 'now'>;
}

/** Sign-in, mounted in `omsdesk serve`'s HTTP server. */
export interface SignIn {
  /** The issuer: the public URL. */
  readonly issuer: string;
  /** What tokens are bound to: the public URL + `/oauth/mcp`. */
  readonly resource: string;
  /** Whether a path is the authorization server's or a sign-in page's. */
  owns(path: string): boolean;
  /** Serves one of its paths. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The person and client an access token stands for now; undefined for any other string. */
  verify(token: string): Promise<OAuthCaller | undefined>;
  /** The web desk, when built with its parts. */
  readonly desk?: WebDesk;
  close(): Promise<void>;
}

/** How often expired records are removed from the data dir. */
const SWEEP_MS = 60 * 60_000;

/** The library's paths, RFC 8414's metadata path among them (answered with the same document). */
const PROVIDER_PATHS = [...Object.values(OAUTH_ROUTES), '/.well-known/openid-configuration'];
const AS_METADATA = '/.well-known/oauth-authorization-server';
const isProviderPath = (path: string): boolean =>
  PROVIDER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** The events of refusals the library reports: each is logged, without the request's secrets. */
const REFUSALS = [
  'authorization.error',
  'grant.error',
  'registration_create.error',
  'revocation.error',
  'server_error',
] as const;

/**
 * Sign-in for the MCP endpoint behind OAuth (and, next, for the web desk): the library's authorization
 * server with the grants in the data dir, the sign-in and consent pages, and Discord sign-in.
 */
export async function createSignIn(o: SignInOptions): Promise<SignIn> {
  const issuer = o.publicUrl;
  const resource = `${issuer}${OAUTH_MCP_PATH}`;
  const files = new GrantFiles(o.dataDir);
  const uses = await TokenUseLog.open(grantUsesFile(o.dataDir), o.logger);
  const now = o.now ?? Date.now;
  const cookieKey = randomBytes(32);
  const provider = createProvider({
    issuer,
    resource,
    files,
    people: o.people,
    cookieKey,
    ...(o.fetch === undefined ? {} : { fetch: o.fetch }),
    now,
  });
  for (const event of REFUSALS) {
    // The typings list each event apart; every one of these passes (context, error).
    (provider as unknown as NodeJS.EventEmitter).on(
      event,
      (_ctx: unknown, error: { error?: string; error_description?: string; message?: string }) =>
        o.logger.warn(`oauth refused: ${error.error ?? 'error'}`, {
          event,
          description: String(error.error_description ?? error.message ?? '').slice(0, 200),
        }),
    );
  }
  const callback = provider.callback();
  // Expired codes and tokens go at start and hourly: the folder holds what is in force.
  const sweep = (): void => {
    files
      .sweep(now())
      .catch((error: unknown) =>
        o.logger.warn('could not sweep expired sign-in records', { error: String(error) }),
      );
  };
  sweep();
  const sweeper = setInterval(sweep, SWEEP_MS);
  sweeper.unref();
  const guard = new FormGuard(cookieKey, issuer);
  const discord = o.discord === undefined ? undefined : new DiscordSignIn(o.discord, issuer, now);
  const desk =
    o.desk === undefined
      ? undefined
      : createWebDesk(
          { ...o.desk, people: o.people, logger: o.logger, now },
          { publicUrl: issuer, guard, ...(discord === undefined ? {} : { discord }) },
        );
  const pages = interactionRoutes({
    provider,
    people: o.people,
    guard,
    ...(discord === undefined ? {} : { discord }),
    ...(desk === undefined ? {} : { desk: desk.discordReturn }),
    logger: o.logger,
  });
  return {
    issuer,
    resource,
    ...(desk === undefined ? {} : { desk }),
    owns: (path) =>
      path === AS_METADATA || isProviderPath(path) || isPagePath(path) || desk?.owns(path) === true,
    async handle(req, res) {
      const url = new URL(req.url ?? '/', issuer);
      if (desk?.owns(url.pathname)) {
        await desk.handle(req, res, url);
        return;
      }
      if (url.pathname === AS_METADATA) req.url = `/.well-known/openid-configuration${url.search}`;
      if (url.pathname === AS_METADATA || isProviderPath(url.pathname)) {
        await callback(req, res);
        return;
      }
      await pages(req, res, url);
    },
    async verify(token) {
      const found = await provider.AccessToken.find(token).catch(() => undefined);
      if (found === undefined || found.grantId === undefined || found.accountId === undefined)
        return undefined;
      const grant = await provider.Grant.find(found.grantId).catch(() => undefined);
      if (grant === undefined) return undefined;
      const person = await o.people.byId(found.accountId);
      // A grant ended in another process counts as ended from the journal's news on, as the gate reads it.
      if (person === undefined || !o.people.credentialActive(grantCredential(grantShortId(found.grantId))))
        return undefined;
      const client = await provider.Client.find(found.clientId ?? '').catch(() => undefined);
      uses.note(grantShortId(found.grantId), now());
      const aud = found.aud as unknown;
      return {
        person,
        clientId: found.clientId ?? '',
        client: client?.clientName ?? found.clientId ?? '',
        grant: grantShortId(found.grantId),
        expiresAt: found.exp ?? 0,
        resource: Array.isArray(aud) ? String(aud[0] ?? '') : String(aud ?? ''),
      };
    },
    async close() {
      clearInterval(sweeper);
      desk?.close();
      await uses.flush();
    },
  };
}

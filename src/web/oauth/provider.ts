import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { GrantFiles, PeopleDirectory } from '../../core/people/index.js';
import { CONTENT_SECURITY_POLICY, escapeHtml, page } from '../sign-in/html.js';
import { grantAdapter, secretHash } from './adapter.js';

/** The path of MCP behind OAuth; the resource its tokens are bound to is the public URL with it. */
export const OAUTH_MCP_PATH = '/oauth/mcp';

/** How long an access token lives: short, so a grant ended or a person removed stops soon even offline. */
export const ACCESS_TOKEN_SECONDS = 10 * 60;
/** How long a grant and its refresh tokens live: then the person signs in again. */
const GRANT_SECONDS = 30 * 86_400;

/** Where the library serves its endpoints, under the issuer. */
export const OAUTH_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
  jwks: '/jwks',
} as const;

/** The only scope of the resource: MCP as the person may use it. */
export const MCP_SCOPE = 'mcp';

/** What the authorization server is built from. */
export interface ProviderParts {
  readonly issuer: string;
  readonly resource: string;
  readonly files: GrantFiles;
  readonly people: Pick<PeopleDirectory, 'byId'>;
  /** Signs the interaction cookies. */
  readonly cookieKey: Buffer;
  /** How client metadata documents are fetched (default: the platform's fetch, with the library's guards). */
  readonly fetch?: (url: string | URL, init: RequestInit) => Promise<Response>;
  readonly now?: () => number;
}

/**
 * The OAuth 2.1 authorization server, from `oidc-provider`, set to MCP's profile: the authorization code
 * flow only, PKCE with S256 required of every client, resource indicators binding each token to the one
 * resource (any other is `invalid_target`), `iss` in every authorization response, client ID metadata
 * documents and dynamic registration, short opaque access tokens, refresh tokens rotated at each use (a
 * reused one ends its whole grant). Accounts are the people of the people file, as it says now.
 */
export function createProvider(parts: ProviderParts): Provider {
  const resourceServer = {
    scope: MCP_SCOPE,
    audience: parts.resource,
    accessTokenTTL: ACCESS_TOKEN_SECONDS,
    accessTokenFormat: 'opaque',
  } as const;
  const configuration: Configuration = {
    adapter: grantAdapter(parts.files, parts.now),
    clients: [],
    cookies: { keys: [parts.cookieKey.toString('base64url')] },
    // Signs only ID tokens, which MCP's clients do not use: a key made for this process is enough.
    jwks: { keys: [signingKey()] },
    routes: OAUTH_ROUTES,
    responseTypes: ['code'],
    scopes: [MCP_SCOPE, 'offline_access'],
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    rotateRefreshToken: true,
    // Tokens belong to the grant, not to the browser's sign-in session (kept in memory): they outlive a restart.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: GRANT_SECONDS,
      Grant: GRANT_SECONDS,
      Interaction: 15 * 60,
      Session: 86_400,
      IdToken: 600,
    },
    async findAccount(_ctx, id) {
      const person = await parts.people.byId(id);
      return person === undefined ? undefined : { accountId: person.id, claims: () => ({ sub: person.id }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => parts.resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== parts.resource)
            throw new errors.InvalidTarget(`tokens are issued only for ${parts.resource}`);
          return resourceServer;
        },
      },
    },
    enableHttpPostMethods: false,
    clientBasedCORS: () => true,
    ...(parts.fetch === undefined ? {} : { fetch: parts.fetch as Configuration['fetch'] }),
    fetchResponseBodyLimits: { 'client_id metadata document': 5 * 1024 },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.set('content-security-policy', CONTENT_SECURITY_POLICY);
      ctx.body = page(
        'Sign-in refused',
        `<p role="alert">${escapeHtml(`${String(out.error)}: ${String(out.error_description ?? '')}`)}</p>`,
      );
    },
  };
  const provider = new Provider(parts.issuer, configuration);
  // Registered client secrets are kept as hashes: compare the hash of what a client sends.
  const compare = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function (this: { clientSecret?: string }, actual: string) {
    if (this.clientSecret?.startsWith('sha256:')) return compare.call(this, secretHash(actual));
    return compare.call(this, actual);
  };
  if (new URL(parts.issuer).protocol === 'https:') provider.proxy = true;
  return provider;
}

/** A fresh RSA key for the library's signatures, never written anywhere. */
function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'omsdesk', use: 'sig', alg: 'RS256' };
}

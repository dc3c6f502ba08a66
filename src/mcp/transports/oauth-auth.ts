import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import type { Person } from '../../core/people/index.js';
import { isLoopback } from '../../core/transport/loopback.js';
import { oauthAuthInfo } from '../people.js';
import type { Refusal } from './guards.js';

/** Who an OAuth access token stands for, as the authorization server checked it now. */
export interface OAuthIdentity {
  readonly person: Person;
  /** The client's registered name, or its id. */
  readonly client: string;
  readonly clientId: string;
  /** The grant's short id: the credential its requests are recorded with, and ended by. */
  readonly grant: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
  /** The audience the token was issued for. */
  readonly resource: string;
}

/** MCP behind OAuth: the resource its tokens must be bound to, the authorization server, and the check. */
export interface OAuthResource {
  /** The public URL + `/oauth/mcp`. */
  readonly resource: string;
  /** The issuer. */
  readonly authorizationServer: string;
  verify(token: string): Promise<OAuthIdentity | undefined>;
}

/** Where RFC 9728's document for a resource is served (its path under the origin). */
export const resourceMetadataPath = (o: OAuthResource): string =>
  new URL(getOAuthProtectedResourceMetadataUrl(new URL(o.resource))).pathname;

/** A request's person by its OAuth access token, or the 401 with the challenge that points to the metadata. */
export async function checkOAuthToken(
  headers: IncomingHttpHeaders,
  o: OAuthResource,
): Promise<{ ok: true; person: Person; auth: AuthInfo } | { ok: false; refusal: Refusal }> {
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(o.resource));
  let person: Person | undefined;
  try {
    const auth = await verifyBearerToken(headers.authorization, {
      resourceMetadataUrl,
      expectedResource: new URL(o.resource),
      verifier: {
        async verifyAccessToken(token) {
          const found = await o.verify(token);
          if (found === undefined)
            throw new OAuthError(
              OAuthErrorCode.InvalidToken,
              'this access token is unknown, expired or revoked',
            );
          person = found.person;
          return oauthAuthInfo(found);
        },
      },
    });
    if (person === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'no person');
    return { ok: true, person, auth };
  } catch (error) {
    const answer = bearerAuthChallengeResponse(error, { resourceMetadataUrl });
    const body = (await answer.json().catch(() => ({}))) as { error_description?: string; error?: string };
    return {
      ok: false,
      refusal: {
        status: answer.status === 403 ? 403 : 401,
        message: `unauthorized: ${body.error_description ?? body.error ?? 'sign in again'}`,
        headers: { 'WWW-Authenticate': answer.headers.get('www-authenticate') ?? 'Bearer' },
      },
    };
  }
}

/** Serves RFC 9728's protected resource metadata of `/oauth/mcp`. */
export function sendResourceMetadata(res: ServerResponse, o: OAuthResource): void {
  const issuer = new URL(o.authorizationServer);
  const document = buildOAuthProtectedResourceMetadata({
    oauthMetadata: {
      issuer: o.authorizationServer,
      authorization_endpoint: `${o.authorizationServer}/authorize`,
      token_endpoint: `${o.authorizationServer}/token`,
      response_types_supported: ['code'],
    },
    resourceServerUrl: new URL(o.resource),
    scopesSupported: ['mcp'],
    resourceName: 'omsdesk',
    dangerouslyAllowInsecureIssuerUrl: issuer.protocol === 'http:' && isLoopback(issuer.hostname),
  });
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  res.end(JSON.stringify(document));
}

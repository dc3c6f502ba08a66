import type { AuthInfo, ServerContext } from '@modelcontextprotocol/server';
import { GateError } from '../core/gate/index.js';
import { grantCredential, type Person } from '../core/people/index.js';
import type { McpPeople } from './deps.js';

/** How a token's person rides a request's verified credential (`authInfo.extra`), for the handlers. */
const PERSON_KEY = 'omsdeskPerson';
/** The id of the personal token, or the `grant:<id>` of the sign-in, a request was checked with (never a token). */
const CREDENTIAL_KEY = 'omsdeskCredential';
/** Set on a request that decides a ticket already asked for (its tool is served whatever the role now). */
const DECIDES_KEY = 'omsdeskDecides';

/** The credential of a request whose personal token named `person`, as checked now; never the token. */
export function personalAuthInfo(person: Person, tokenId: string, expiresMs: number): AuthInfo {
  return {
    token: `personal-token:${tokenId}`,
    clientId: `person:${person.id}`,
    scopes: [person.role],
    expiresAt: Math.floor(expiresMs / 1000),
    extra: { [PERSON_KEY]: person, [CREDENTIAL_KEY]: tokenId },
  };
}

/**
 * The credential of a request whose OAuth access token named `person` through `client`, recorded as its
 * grant (`grant:<id>`, ended like a personal token); never the token.
 */
export function oauthAuthInfo(o: {
  readonly person: Person;
  /** The grant's short id. */
  readonly grant: string;
  readonly client: string;
  readonly clientId: string;
  readonly expiresAt: number;
  readonly resource: string;
}): AuthInfo {
  return {
    token: 'oauth-access-token',
    clientId: o.clientId,
    scopes: [o.person.role],
    expiresAt: o.expiresAt,
    resource: new URL(o.resource),
    extra: {
      [PERSON_KEY]: o.person,
      [OAUTH_CLIENT_KEY]: o.client,
      [CREDENTIAL_KEY]: grantCredential(o.grant),
    },
  };
}

/** How an OAuth client's registered name rides a request's credential, for the audit's actor. */
const OAUTH_CLIENT_KEY = 'omsdeskOAuthClient';

/** The registered name of the OAuth client a request came through, when it came through one. */
export function oauthClientOf(auth: AuthInfo | undefined): string | undefined {
  const name = auth?.extra?.[OAUTH_CLIENT_KEY];
  return typeof name === 'string' ? name : undefined;
}

/** The person a request's credential names (set only by the HTTP layer, after checking their token). */
export function personOfAuth(auth: AuthInfo | undefined): Person | undefined {
  return auth?.extra?.[PERSON_KEY] as Person | undefined;
}

/** Marks a request's credential as deciding a ticket already asked for (see `decidesTicket`). */
export function decidingAuth(auth: AuthInfo): AuthInfo {
  return { ...auth, extra: { ...auth.extra, [DECIDES_KEY]: true } };
}

/** Whether a request's credential was marked as deciding a ticket already asked for. */
export function decidesOfAuth(auth: AuthInfo | undefined): boolean {
  return auth?.extra?.[DECIDES_KEY] === true;
}

/** The personal token's id or the sign-in grant's `grant:<id>` a request was checked with; undefined without one. */
export function credentialOfAuth(auth: AuthInfo | undefined): string | undefined {
  const id = auth?.extra?.[CREDENTIAL_KEY];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Who makes this request, with a people file: the person their personal token named on this very request
 * (HTTP), or `OMSDESK_PERSON` as the people file says now (stdio). Anyone else is refused: nothing is
 * remembered between requests, so a removed, demoted or revoked person stops on their next one.
 */
export async function requestPerson(people: McpPeople, req: ServerContext): Promise<Person> {
  const fromToken = personOfAuth(req.http?.authInfo);
  if (fromToken !== undefined) return fromToken;
  const id = people.stdioPerson;
  if (id === undefined) {
    throw new GateError(
      'NOT_ALLOWED',
      'this request names nobody in the people file: send your personal token (Authorization: Bearer …)',
    );
  }
  const person = await people.directory.byId(id);
  if (person === undefined) {
    throw new GateError(
      'NOT_ALLOWED',
      `${id} (OMSDESK_PERSON) is not in the people file now, so this server acts for nobody`,
    );
  }
  return person;
}

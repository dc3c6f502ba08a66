import type { IncomingHttpHeaders } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { type Authentication, bearerToken, type Ending, type Person } from '../../core/people/index.js';
import { personalAuthInfo } from '../people.js';
import type { Refusal } from './guards.js';

/**
 * The people directory as the HTTP server needs it: a personal token checked now, per request, and the
 * credentials that stop counting (whose sessions and streams are closed at once).
 */
export interface HttpPeople {
  authenticate(bearer: string | undefined): Promise<Authentication>;
  /** Whether a bearer may read `/metrics` (a metrics-only token too); without it, as `authenticate`. */
  metricsAccess?(bearer: string | undefined): Promise<Authentication | { readonly ok: true }>;
  onEnded?(listener: (ending: Ending) => void): () => void;
}

/** A request's person, and the credential that carries them to the handlers; or the 401 that refuses it. */
export type PersonalCheck =
  | { readonly ok: true; readonly person: Person; readonly auth: AuthInfo }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * With a people file, every request names its person with a personal token (`Authorization: Bearer`),
 * checked on the request itself: a missing, unknown, expired or revoked token, or one whose person left
 * the people file, is refused with 401 and how to get one. No OAuth metadata is pointed to: clients then
 * keep sending the header they were configured with.
 */
export async function checkPersonalToken(
  headers: IncomingHttpHeaders,
  people: HttpPeople,
): Promise<PersonalCheck> {
  const checked = await people.authenticate(bearerToken(headers.authorization));
  if (checked.ok) {
    return {
      ok: true,
      person: checked.person,
      auth: personalAuthInfo(checked.person, checked.tokenId, checked.expires),
    };
  }
  return { ok: false, refusal: unauthorized(checked) };
}

/**
 * With a people file, `/metrics` is read with a metrics-only token (`omsdesk token issue --metrics`) or a
 * person's own token; anything else is refused with 401 as on `/mcp`.
 */
export async function checkMetricsToken(
  headers: IncomingHttpHeaders,
  people: HttpPeople,
): Promise<Refusal | undefined> {
  const bearer = bearerToken(headers.authorization);
  const checked = await (people.metricsAccess?.(bearer) ?? people.authenticate(bearer));
  if (checked.ok) return undefined;
  return unauthorized(checked);
}

function unauthorized(checked: Extract<Authentication, { ok: false }>): Refusal {
  const error = checked.reason === 'missing' ? '' : ', error="invalid_token"';
  return {
    status: 401,
    message: `unauthorized: ${checked.message}`,
    headers: { 'WWW-Authenticate': `Bearer realm="omsdesk"${error}` },
  };
}

/** The refusal for a 2025-11-25 session used with another person's token: a session never changes person. */
export const NOT_YOUR_SESSION: Refusal = {
  status: 403,
  message:
    'forbidden: this session belongs to another person; a session never changes person: start a new session with your own token',
};

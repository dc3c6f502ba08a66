import { Secret, TOTP } from 'otpauth';
import type { EndpointName } from '../vocabulary/index.js';
import type { LoginSuccess, LoginV1Request, LoginV2Request } from '../wire/index.js';
import type { BrokerCredentials } from './credentials.js';
import type { Session } from './store.js';

/** The login call of a generation: which endpoint, and the body (which holds secrets: never log it). */
export interface LoginCall {
  readonly endpoint: Extract<EndpointName, 'loginV1' | 'loginV2'>;
  readonly body: LoginV1Request | LoginV2Request;
}

/** Builds the login request; the TOTP code is generated for `nowMs`. */
export async function loginCall(
  credentials: BrokerCredentials,
  generation: 'v1' | 'v2',
  nowMs: number,
): Promise<LoginCall> {
  const base = {
    userId: credentials.userId,
    password: credentials.password,
    apiKey: credentials.apiKey,
    vendorCode: credentials.vendorCode,
  };
  if (generation === 'v1') {
    return { endpoint: 'loginV1', body: { ...base, DOBnPAN: credentials.dobOrPan ?? '' } };
  }
  const code =
    credentials.totp !== undefined ? await credentials.totp() : totpCode(credentials.totpSecret ?? '', nowMs);
  return { endpoint: 'loginV2', body: { ...base, TOTP: code } };
}

/** The session a successful login answer describes. */
export function sessionFromLogin(
  body: LoginSuccess,
  credentials: Pick<BrokerCredentials, 'userId' | 'accountId'>,
  generation: 'v1' | 'v2',
  nowMs: number,
  raw: unknown,
): Session {
  const d = body.data;
  return {
    key: d.susertoken,
    userId: credentials.userId,
    // Noren's own login form names no account: the user id is then the account, as in Noren.
    accountId: credentials.accountId ?? d.actid ?? credentials.userId,
    userName: d.userName ?? credentials.userId,
    email: d.email,
    exchanges: d.exarr ?? [],
    orderTypes: d.orarr ?? [],
    generation,
    createdAt: nowMs,
    raw,
  };
}

/** The RFC 6238 code (SHA-1, 6 digits, 30 s step) of a base32 secret at `atMs`; throws on a malformed secret. */
export function totpCode(base32Secret: string, atMs: number): string {
  const secret = Secret.fromBase32(base32Secret.replace(/[\s-]/g, '').toUpperCase());
  return TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: atMs });
}

import * as OTPAuth from 'otpauth';
import { request } from 'undici';
import type { BrokerCredentials } from '../../src/core/client/index.js';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';

/** The credentials of a paper-broker user the benchmark set up (every one shares the demo's secrets). */
export function paperCredentials(userId: string = DEMO_ACCOUNT.userId): BrokerCredentials {
  return {
    userId,
    password: DEMO_ACCOUNT.password,
    apiKey: DEMO_ACCOUNT.apiKey,
    vendorCode: DEMO_ACCOUNT.vendorCode,
    totpSecret: DEMO_ACCOUNT.totpSecret,
  };
}

/** Logs `userId` in to the paper broker at `url` with a bare request; returns the session key. */
export async function loginKey(url: string, userId: string = DEMO_ACCOUNT.userId): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ACCOUNT.totpSecret) }).generate();
  const res = await request(`${url}/apiV2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userId,
      password: DEMO_ACCOUNT.password,
      TOTP: totp,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
    }),
  });
  const json = (await res.body.json()) as { data?: { susertoken?: string } };
  const key = json.data?.susertoken;
  if (!key) throw new Error(`the paper broker refused the login of ${userId}`);
  return key;
}

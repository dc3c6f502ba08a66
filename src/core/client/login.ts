import { brokerError } from '../failures.js';
import type { BrokerCredentials } from '../session/credentials.js';
import { type LoginCall, loginCall, sessionFromLogin } from '../session/login.js';
import type { Session } from '../session/store.js';
import { loginSuccess } from '../wire/index.js';
import type { ClientContext } from './context.js';
import { okValue, request } from './request.js';

/** One login through the common pipeline (rate limit, retries for network trouble, envelope decoding). */
export async function loginPerformer(
  ctx: ClientContext,
  credentials: BrokerCredentials,
  signal: AbortSignal,
): Promise<Session> {
  let call: LoginCall;
  try {
    call = await loginCall(credentials, ctx.generation, ctx.clock.now());
  } catch {
    // The library's message could quote the secret; say only which setting is wrong.
    throw brokerError('INVALID_CREDENTIALS', {
      label: 'login',
      note: 'The TOTP secret is not valid base32 (or the TOTP code source failed)',
    });
  }
  ctx.logger.info('logging in', { userId: credentials.userId, generation: ctx.generation });
  return request(ctx, {
    endpoint: call.endpoint,
    label: 'login',
    schema: loginSuccess,
    // Everyone waits for the login: it goes in the lane no reads can hold.
    call: { signal, lane: 'placement' },
    body: () => call.body,
    map: (d) => sessionFromLogin(okValue(d), credentials, ctx.generation, ctx.clock.now(), d.raw),
  });
}

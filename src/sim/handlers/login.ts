import { BROKER_TEXTS, ENDPOINTS } from '../../core/vocabulary/index.js';
import { loginV1Request, loginV2Request } from '../../core/wire/index.js';
import type { SimAccountConfig } from '../accounts.js';
import { passwordMatches } from '../accounts.js';
import { timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import type { Route, RouteContext } from '../runtime.js';
import { verifyTotp } from '../totp.js';

interface Credentials {
  readonly userId: string;
  readonly password: string;
  readonly apiKey: string;
  readonly vendorCode: string;
}

/** Checks the credentials both generations share, in the order the OMS reports them. */
function authenticate(ctx: RouteContext, sent: Credentials): SimAccountConfig {
  const account = ctx.rt.accounts.get(sent.userId)?.config;
  if (!account) throw new SimFailure(BROKER_TEXTS.invalidUser);
  if (sent.apiKey !== account.apiKey) throw new SimFailure(BROKER_TEXTS.invalidAppKey);
  if (sent.vendorCode !== account.vendorCode) throw new SimFailure(BROKER_TEXTS.invalidVendorCode);
  if (!passwordMatches(account, sent.password)) throw new SimFailure(BROKER_TEXTS.wrongPassword);
  return account;
}

function sessionData(ctx: RouteContext, account: SimAccountConfig): Record<string, unknown> {
  const session = ctx.rt.sessions.issue(account.userId, ctx.now);
  return {
    requestTime: timeFirst(ctx.now),
    actid: account.accountId,
    userName: account.userName,
    susertoken: session.key,
    email: account.email,
    orarr: [...account.priceTypes],
    exarr: [...account.exchanges],
  };
}

/** `/api/login`: password plus date of birth or PAN. */
export const loginV1Route: Route = {
  path: ENDPOINTS.loginV1.path,
  form: 'v1Login',
  session: false,
  mutates: true,
  handle(ctx) {
    const body = validateBody(loginV1Request, ctx.body);
    const account = authenticate(ctx, body);
    if (body.DOBnPAN.trim().toUpperCase() !== account.dobOrPan.toUpperCase()) {
      throw new SimFailure(BROKER_TEXTS.wrongPanDob);
    }
    const data = sessionData(ctx, account);
    return { Status: 'Success', data: { ...data, status: 'Ok' } };
  },
};

/** `/apiV2/login`: password plus a TOTP code, checked with one step of tolerance. */
export const loginV2Route: Route = {
  path: ENDPOINTS.loginV2.path,
  form: 'v2',
  session: false,
  mutates: true,
  handle(ctx) {
    const body = validateBody(loginV2Request, ctx.body);
    const account = authenticate(ctx, body);
    if (!verifyTotp(account.totpSecret, body.TOTP.trim(), ctx.now))
      throw new SimFailure(BROKER_TEXTS.invalidOtp);
    return { Status: 'Success', data: sessionData(ctx, account) };
  },
};

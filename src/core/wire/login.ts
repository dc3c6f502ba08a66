import { z } from 'zod';
import { aliasedObject } from './aliases.js';
import { optStr, str } from './common.js';
import { NOREN_LOGIN } from './noren.js';

/** `/api/login` request: date of birth (DDMMYYYY) or PAN as the second factor. */
export const loginV1Request = z.object({
  userId: str,
  password: str,
  apiKey: str,
  DOBnPAN: str,
  vendorCode: str,
});
export type LoginV1Request = z.infer<typeof loginV1Request>;

/** `/apiV2/login` request: a TOTP code as the second factor. */
export const loginV2Request = z.object({
  userId: str,
  password: str,
  TOTP: str,
  apiKey: str,
  vendorCode: str,
});
export type LoginV2Request = z.infer<typeof loginV2Request>;

/**
 * The session, both generations (`status` appears in the first-generation sample). A first-generation
 * login may answer in Noren's own form (`{stat, susertoken, request_time, ...}`, no `actid`): the decoder
 * reads that as the envelope, and `uname`/`request_time` as the spec's names.
 */
export const loginData = aliasedObject(
  {
    requestTime: optStr,
    actid: optStr,
    userName: optStr,
    status: optStr,
    susertoken: str,
    email: optStr,
    orarr: z.array(str).optional(),
    exarr: z.array(str).optional(),
  },
  NOREN_LOGIN,
);
export const loginSuccess = z.looseObject({ Status: str, data: loginData });
export type LoginSuccess = z.infer<typeof loginSuccess>;

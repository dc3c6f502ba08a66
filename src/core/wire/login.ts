import { z } from 'zod';
import { optStr, str } from './common.js';

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

/** The session resource, both generations (`status` appears in the first-generation sample). */
export const loginSuccess = z.looseObject({
  Status: str,
  data: z.looseObject({
    requestTime: optStr,
    actid: str,
    userName: str,
    status: optStr,
    susertoken: str,
    email: optStr,
    orarr: z.array(str).optional(),
    exarr: z.array(str).optional(),
  }),
});
export type LoginSuccess = z.infer<typeof loginSuccess>;

import { z } from 'zod';
import { aliasedObject } from './aliases.js';
import { instrumentHeader, optStr, str } from './common.js';
import { NOREN_SECURITY_INFO } from './noren.js';

/** The security-info resource (request: see `instrumentRequest`); Noren's own keys are read as the spec's. */
export const securityInfoData = aliasedObject(
  {
    ...instrumentHeader,
    tickSize: str,
    lotSize: str,
    pricePrecision: optStr,
    mult: optStr,
    token: str,
    prcftr_d: optStr,
  },
  NOREN_SECURITY_INFO,
  'tradingSymbol',
);
export type SecurityInfoData = z.infer<typeof securityInfoData>;
export const securityInfoSuccess = z.looseObject({ Status: str, data: securityInfoData });
export type SecurityInfoSuccess = z.infer<typeof securityInfoSuccess>;

import { z } from 'zod';
import { optStr, str } from './common.js';

/** The security-info resource (request: see `instrumentRequest`). */
export const securityInfoData = z.looseObject({
  requestTime: optStr,
  exchange: str,
  tradingSymbol: str,
  companyName: optStr,
  symbolName: optStr,
  segment: optStr,
  instrumentName: optStr,
  tickSize: str,
  lotSize: str,
  pricePrecision: optStr,
  mult: optStr,
  token: str,
  prcftr_d: optStr,
});
export type SecurityInfoData = z.infer<typeof securityInfoData>;
export const securityInfoSuccess = z.looseObject({ Status: str, data: securityInfoData });
export type SecurityInfoSuccess = z.infer<typeof securityInfoSuccess>;

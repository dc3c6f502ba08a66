import { z } from 'zod';
import { optStr, str } from './common.js';

/**
 * `/apiV2/optionGreek` request: expiry `DD-MMM-YYYY`, rate and volatility in percent. It carries no
 * session key.
 */
export const optionGreeksRequest = z.object({
  expiryDate: str,
  strikePrice: str,
  spotPrice: str,
  initRate: str,
  volatility: str,
  optionType: str,
});
export type OptionGreeksRequest = z.infer<typeof optionGreeksRequest>;

/** Greeks for the call (`cal_*`) and the put (`put_*`) together; vega is spelled `vego`. */
export const optionGreeksData = z.looseObject({
  stat: str,
  request_time: optStr,
  cal_price: str,
  put_price: str,
  cal_delta: str,
  put_delta: str,
  cal_gamma: str,
  put_gamma: str,
  cal_theta: str,
  put_theta: str,
  cal_rho: str,
  put_rho: str,
  cal_vego: str,
  put_vego: str,
});
export type OptionGreeksData = z.infer<typeof optionGreeksData>;
export const optionGreeksSuccess = z.looseObject({ Status: str, data: optionGreeksData });
export type OptionGreeksSuccess = z.infer<typeof optionGreeksSuccess>;

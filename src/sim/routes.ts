import { candlesRoute } from './handlers/candles.js';
import { indexListRoute } from './handlers/index-list.js';
import { limitsV3Route, limitsV4Route } from './handlers/limits.js';
import { loginV1Route, loginV2Route } from './handlers/login.js';
import { optionGreeksRoute } from './handlers/option-greeks.js';
import { quoteRoute } from './handlers/quote.js';
import { securityInfoRoute } from './handlers/security-info.js';
import { spanRoute } from './handlers/span.js';
import type { Route } from './runtime.js';

/** Every path the paper broker answers. */
export const ROUTES: readonly Route[] = [
  loginV1Route,
  loginV2Route,
  quoteRoute,
  securityInfoRoute,
  indexListRoute,
  candlesRoute,
  optionGreeksRoute,
  spanRoute,
  limitsV3Route,
  limitsV4Route,
];

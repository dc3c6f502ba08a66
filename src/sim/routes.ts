import { candlesRoute, candlesV2Route } from './handlers/candles.js';
import { holdingsRoute } from './handlers/holdings.js';
import { indexListRoute, indexListV2Route } from './handlers/index-list.js';
import { limitsV2Route, limitsV3Route, limitsV4Route } from './handlers/limits.js';
import { loginV1Route, loginV2Route } from './handlers/login.js';
import { longStraddleRoute } from './handlers/long-straddle.js';
import { multiOrderRoute } from './handlers/multi-order.js';
import { optionGreeksRoute } from './handlers/option-greeks.js';
import { orderBookRoute } from './handlers/order-book.js';
import { cancelOrderRoute, modifyOrderRoute } from './handlers/order-change.js';
import {
  orderHistoryV1Route,
  orderHistoryV2Route,
  orderListV1Route,
  orderListV2Route,
} from './handlers/order-history.js';
import { placeOrderV1Route, placeOrderV2Route } from './handlers/place-order.js';
import { quoteRoute } from './handlers/quote.js';
import { securityInfoRoute } from './handlers/security-info.js';
import { spanRoute } from './handlers/span.js';
import { spanV2Route } from './handlers/span-v2.js';
import { tradeBookV1Route, tradeBookV2Route } from './handlers/trade-book.js';
import type { Route } from './runtime.js';

/** Every path the paper broker answers: the spec's, then the vendor SDK's second-generation aliases. */
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
  placeOrderV1Route,
  placeOrderV2Route,
  multiOrderRoute,
  longStraddleRoute,
  orderHistoryV1Route,
  orderListV1Route,
  orderHistoryV2Route,
  orderListV2Route,
  orderBookRoute,
  tradeBookV1Route,
  tradeBookV2Route,
  holdingsRoute,
  cancelOrderRoute,
  modifyOrderRoute,
  indexListV2Route,
  candlesV2Route,
  limitsV2Route,
  spanV2Route,
];

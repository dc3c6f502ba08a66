/**
 * The wire families: each decides the success and failure envelope of the paths that belong to it.
 * `v1` first generation (`stat: Ok | Not_Ok`), `v1Login` (`detail.Status`), `v2` second generation
 * (`Status: Success | Failed`), `limits` (V3/V4), `multi` (array of per-order v2 results).
 */
export type WireFamily = 'v1' | 'v1Login' | 'v2' | 'limits' | 'multi';

/** Rate-limit categories of the real service: quotes 3/s, candles 3/s, orders 200/min, others 10/s. */
export type RateCategory = 'quotes' | 'candles' | 'orders' | 'others';

/** One endpoint: its path, its family, its rate category, and whether it needs a session key. */
export interface EndpointDef {
  readonly path: string;
  readonly family: WireFamily;
  readonly rate: RateCategory;
  readonly session: boolean;
  /** True when calling it can place an order: such calls are never retried. */
  readonly places: boolean;
  /** True when its answer carries a secret (the login's session key): no text of it may go into an error. */
  readonly secretAnswer?: boolean;
}

function endpoint(
  path: string,
  family: WireFamily,
  rate: RateCategory,
  opts: { session?: boolean; places?: boolean; secretAnswer?: boolean } = {},
): EndpointDef {
  const def = { path, family, rate, session: opts.session ?? true, places: opts.places ?? false };
  return opts.secretAnswer === true ? { ...def, secretAnswer: true } : def;
}

/**
 * Every endpoint of the spec, and the vendor SDK's cancel and modify; `singleOrderHistory` and
 * `singleOrderList` are the same operation.
 */
export const ENDPOINTS = {
  loginV1: endpoint('/api/login', 'v1Login', 'others', { session: false, secretAnswer: true }),
  loginV2: endpoint('/apiV2/login', 'v2', 'others', { session: false, secretAnswer: true }),
  quote: endpoint('/apiV2/getQuotes', 'v2', 'quotes'),
  securityInfo: endpoint('/apiV2/securityInfo', 'v2', 'others'),
  indexList: endpoint('/api/indexList', 'v1', 'others'),
  candles: endpoint('/api/timePriceSeries', 'v1', 'candles'),
  optionGreeks: endpoint('/apiV2/optionGreek', 'v2', 'others', { session: false }),
  span: endpoint('/api/spanCalculators', 'v1', 'others'),
  limitsV3: endpoint('/api/V3/limit', 'limits', 'others'),
  limitsV4: endpoint('/api/V4/limit', 'limits', 'others'),
  placeOrderV1: endpoint('/api/placeOrder', 'v1', 'orders', { places: true }),
  placeOrderV2: endpoint('/apiV2/placeOrder', 'v2', 'orders', { places: true }),
  multiPlaceOrders: endpoint('/apiV2/strategies/multiPlaceOrders', 'multi', 'orders', { places: true }),
  longStraddle: endpoint('/apiV2/strategies/longStraddle', 'multi', 'orders', { places: true }),
  orderHistoryV1: endpoint('/api/singleOrderHistory', 'v1', 'others'),
  orderListV1: endpoint('/api/singleOrderList', 'v1', 'others'),
  orderHistoryV2: endpoint('/apiV2/singleOrderHistory', 'v2', 'others'),
  orderListV2: endpoint('/apiV2/singleOrderList', 'v2', 'others'),
  orderBook: endpoint('/apiV2/orderBook', 'v2', 'others'),
  tradeBookV1: endpoint('/api/tradeBook', 'v1', 'others'),
  tradeBookV2: endpoint('/apiV2/tradeBook', 'v2', 'others'),
  holdings: endpoint('/apiV2/holdings', 'v2', 'others'),
  // Not in the spec: the vendor's second-generation SDK posts these. They change orders, so like
  // placements they are never retried and run in the placement lane.
  cancelOrder: endpoint('/apiV2/cancelOrder', 'v2', 'orders', { places: true }),
  modifyOrder: endpoint('/apiV2/modifyOrder', 'v2', 'orders', { places: true }),
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Requests allowed per window for each rate category, per user, as the vendor documents them. */
export const RATE_LIMITS: Readonly<
  Record<RateCategory, { readonly limit: number; readonly windowMs: number }>
> = {
  quotes: { limit: 3, windowMs: 1_000 },
  candles: { limit: 3, windowMs: 1_000 },
  others: { limit: 10, windowMs: 1_000 },
  orders: { limit: 200, windowMs: 60_000 },
};

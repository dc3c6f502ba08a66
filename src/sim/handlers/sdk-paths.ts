/**
 * Paths the broker vendor's second-generation JavaScript SDK posts for operations the spec places
 * elsewhere (the real service of that era answered them). The paper broker answers them too, in
 * second-generation envelopes, so that SDK works against it unchanged.
 */
export const SDK_V2_PATHS = {
  /** The spec's `/api/indexList`. */
  indexList: '/apiV2/indexList',
  /** The spec's `/api/timePriceSeries`. */
  candles: '/apiV2/timePriceSeries',
  /** The spec's `/api/V3/limit` and `/api/V4/limit`. */
  limits: '/apiV2/limit',
  /** The spec's `/api/spanCalculators`, positions under `data` and the account from the session. */
  span: '/apiV2/spanCalculators',
} as const;

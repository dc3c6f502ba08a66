import type { RateCategory } from '../vocabulary/index.js';

/**
 * Who a broker call is for, each with its own connections and its own share of the rate limits, so one
 * kind of slow call never holds another: orders and the checks at their sending (`placement`), the
 * order watcher's looks at the books (`watcher`), and everything people and assistants ask (`people`).
 */
export const LANES = ['placement', 'watcher', 'people'] as const;
export type Lane = (typeof LANES)[number];

/** Slots per category a lane keeps for itself; the rest of each category is shared, people's reads among them. */
export type LaneReserves = Partial<Record<Lane, Partial<Record<RateCategory, number>>>>;

/**
 * Of the client's 3 quotes and 10 other calls per window: one quote and three others for the checks
 * at sending, reconciliation and the login; two others for the watcher's two reads a look. People share
 * the rest (2 quotes, 5 others, all candles); orders are placement's alone anyway.
 */
export const DEFAULT_LANE_RESERVES: LaneReserves = {
  placement: { quotes: 1, others: 3 },
  watcher: { others: 2 },
};

/** Keep-alive connections of each lane's own pool (people's is the client's `connections` option). */
export const LANE_CONNECTIONS: Readonly<Record<Exclude<Lane, 'people'>, number>> = {
  placement: 2,
  watcher: 2,
};

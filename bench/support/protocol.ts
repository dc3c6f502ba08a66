import type { CannedAnswer } from './canned-server.js';

/** Accounts the servers' paper broker adds, one per workload so their books do not mix. */
export const BENCH_USERS = {
  /** A fixed book for the order-book comparison. */
  book: 'BENCHBOOK',
  /** Places thousands of orders in the placement comparison. */
  place: 'BENCHPLACE',
  /** The watcher's small and large days: 10 and 1,000 orders. */
  watchSmall: 'BENCHW10',
  watchLarge: 'BENCHW1000',
} as const;

/** What the measuring process asks the servers' process (numbered by `id` when sent). */
export type ChildQuestion =
  | { readonly type: 'can'; readonly path: string; readonly answer: CannedAnswer }
  | { readonly type: 'seen'; readonly path: string }
  | { readonly type: 'stats' };

/** A question as sent, with the number its reply carries. */
export type ChildRequest = ChildQuestion & { readonly id: number };

/** The answer to one request. */
export interface ChildReply {
  readonly id: number;
  readonly result: unknown;
}

/** The servers' process's CPU so far and the connections the canned server accepted. */
export interface ChildStats {
  readonly cpuMicros: number;
  readonly cannedConnections: number;
}

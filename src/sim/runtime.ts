import type { RateCategory } from '../core/vocabulary/index.js';
import type { AccountState } from './account-state.js';
import type { SimClock } from './clock.js';
import type { FailureForm } from './http/failure.js';
import type { SpanPosition } from './market/index.js';
import type { Market } from './market/types.js';
import type { OrderEngine } from './orders/engine.js';
import type { SessionRegistry, SimSession } from './sessions.js';

/** Everything a request handler may touch: time, the market, sessions, accounts and orders. */
export interface SimRuntime {
  readonly clock: SimClock;
  readonly market: Market;
  readonly sessions: SessionRegistry;
  readonly accounts: ReadonlyMap<string, AccountState>;
  /** The OMS: orders, their life, trades. */
  readonly orders: OrderEngine;
  /** Largest number of candles one time-price-series answer carries (the real service cuts off). */
  readonly maxCandles: number;
  /** An account's open derivative positions, for the span calculator's `*_trade` figures. */
  readonly openDerivatives: (userId: string, at: number) => readonly SpanPosition[];
}

/** What a handler receives for one request. */
export interface RouteContext {
  readonly body: Record<string, unknown>;
  readonly now: number;
  /** The caller's session on session-bound routes. */
  readonly session: SimSession | undefined;
  readonly rt: SimRuntime;
}

/** One endpoint of the simulator. */
export interface Route {
  readonly path: string;
  readonly form: FailureForm;
  readonly session: boolean;
  /** Rate-limit category of a path the spec does not list (the SDK's aliases); spec paths have theirs. */
  readonly rate?: RateCategory;
  /** True when a successful answer changed state worth persisting (sessions, orders, funds). */
  readonly mutates?: boolean;
  /** Multi-order routes: how many elements a failure answer carries for this body. */
  readonly elements?: (body: Record<string, unknown>) => number;
  handle(ctx: RouteContext): unknown;
}

/** The account behind a session (present for every issued session). */
export function accountOf(ctx: RouteContext): AccountState {
  const account = ctx.session && ctx.rt.accounts.get(ctx.session.userId);
  if (!account) throw new Error('session without an account');
  return account;
}

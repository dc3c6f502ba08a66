import type { HoldingState, Ledger } from './account-state.js';
import { canonical, captureOrders, restoreOrders } from './orders/snapshot.js';
import type { PositionState } from './orders/types.js';
import type { SimRuntime } from './runtime.js';
import type { SimSession } from './sessions.js';
import type { StateSnapshot } from './state-file.js';

interface AccountRecord {
  readonly userId: string;
  readonly ledger: Ledger;
  readonly holdings: readonly HoldingState[];
  /** Absent in files written before orders existed. */
  readonly positions?: readonly PositionState[];
}

/** What of the runtime survives a restart: funds, holdings, positions, sessions, orders and trades. */
export function captureState(rt: SimRuntime, now: number): StateSnapshot {
  const accounts: AccountRecord[] = [...rt.accounts.values()].map((a) => ({
    userId: a.config.userId,
    ledger: { ...a.ledger },
    holdings: [...a.holdings.values()].map((h) => ({ ...h })),
    positions: [...a.positions.values()].map((p) => ({ ...p })),
  }));
  return {
    version: 1,
    savedAt: now,
    accounts,
    sessions: rt.sessions.list(),
    orders: captureOrders(rt.orders.store),
  };
}

/**
 * Puts persisted state back; accounts no longer configured are ignored. Version-1 files written before
 * orders existed (no positions, no orders, holdings without `btstValue`) still load.
 */
export function restoreState(rt: SimRuntime, snapshot: StateSnapshot): void {
  for (const record of (snapshot.accounts ?? []) as AccountRecord[]) {
    const account = rt.accounts.get(record.userId);
    if (!account) continue;
    Object.assign(account.ledger, record.ledger);
    account.holdings.clear();
    for (const h of record.holdings) account.holdings.set(h.symbol, { ...h, btstValue: h.btstValue ?? 0 });
    account.positions.clear();
    for (const p of record.positions ?? []) {
      const instrument = canonical(rt.market, p.instrument, snapshot.savedAt);
      account.positions.set(p.key, { ...p, instrument });
    }
  }
  rt.sessions.restore((snapshot.sessions ?? []) as SimSession[]);
  restoreOrders(rt.orders.store, snapshot.orders, rt.market);
}

import type { HoldingState, Ledger } from './account-state.js';
import type { SimRuntime } from './runtime.js';
import type { SimSession } from './sessions.js';
import type { StateSnapshot } from './state-file.js';

interface AccountRecord {
  readonly userId: string;
  readonly ledger: Ledger;
  readonly holdings: readonly HoldingState[];
}

/** What of the runtime survives a restart: funds, holdings and live sessions. */
export function captureState(rt: SimRuntime, now: number): StateSnapshot {
  const accounts: AccountRecord[] = [...rt.accounts.values()].map((a) => ({
    userId: a.config.userId,
    ledger: { ...a.ledger },
    holdings: [...a.holdings.values()].map((h) => ({ ...h })),
  }));
  return { version: 1, savedAt: now, accounts, sessions: rt.sessions.list() };
}

/** Puts persisted funds, holdings and sessions back; accounts no longer configured are ignored. */
export function restoreState(rt: SimRuntime, snapshot: StateSnapshot): void {
  for (const record of (snapshot.accounts ?? []) as AccountRecord[]) {
    const account = rt.accounts.get(record.userId);
    if (!account) continue;
    Object.assign(account.ledger, record.ledger);
    account.holdings.clear();
    for (const h of record.holdings) account.holdings.set(h.symbol, { ...h });
  }
  rt.sessions.restore((snapshot.sessions ?? []) as SimSession[]);
}

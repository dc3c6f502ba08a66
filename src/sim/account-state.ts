import type { SeedHolding, SimAccountConfig } from './accounts.js';
import type { PositionState } from './orders/types.js';

/** Funds of an account as the limits endpoints report them, in rupees. */
export interface Ledger {
  cash: number;
  payin: number;
  collateral: number;
  brokerCollateral: number;
  marginUsed: number;
  peakMargin: number;
  span: number;
  exposure: number;
  premium: number;
}

/** One delivery holding: demat quantity plus what today's trades did to it. */
export interface HoldingState {
  readonly symbol: string;
  quantity: number;
  averagePrice: number;
  /** Bought today, not yet settled (buy today, sell tomorrow). */
  btst: number;
  /** Sold or blocked today out of the demat quantity. */
  used: number;
  sellAmount: number;
  /** What today's delivery buys cost: blocked as margin until they settle. */
  btstValue: number;
}

/** One simulated account: its credentials, funds, holdings and net positions. */
export class AccountState {
  readonly config: SimAccountConfig;
  readonly ledger: Ledger;
  /** By symbol name (`INFY`): one holding covers the NSE and BSE listings. */
  readonly holdings = new Map<string, HoldingState>();
  /** Intraday and F&O net positions, by `positionKey`. */
  readonly positions = new Map<string, PositionState>();

  constructor(config: SimAccountConfig) {
    this.config = config;
    this.ledger = {
      cash: config.cash,
      payin: 0,
      collateral: 0,
      brokerCollateral: 0,
      marginUsed: 0,
      peakMargin: 0,
      span: 0,
      exposure: 0,
      premium: 0,
    };
    for (const h of config.holdings) this.holdings.set(h.symbol, seedHolding(h));
  }
}

function seedHolding(h: SeedHolding): HoldingState {
  return {
    symbol: h.symbol,
    quantity: h.quantity,
    averagePrice: h.averagePrice,
    btst: 0,
    used: 0,
    sellAmount: 0,
    btstValue: 0,
  };
}

/** An empty holding, for a delivery buy of a security the account did not hold. */
export function emptyHolding(symbol: string, averagePrice: number): HoldingState {
  return seedHolding({ symbol, quantity: 0, averagePrice });
}

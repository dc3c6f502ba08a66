import type { SeedHolding, SimAccountConfig } from './accounts.js';

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
}

/** One simulated account: its credentials, funds and holdings. */
export class AccountState {
  readonly config: SimAccountConfig;
  readonly ledger: Ledger;
  readonly holdings = new Map<string, HoldingState>();

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
  };
}

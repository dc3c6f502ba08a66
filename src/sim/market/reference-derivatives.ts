/** One F&O underlying: contract specification, strike grid and activity levels. */
export interface DerivativeReference {
  /** The underlying's name, which starts every trading symbol: `NIFTY`, `RELIANCE`. */
  readonly symbol: string;
  /** A small fixed number per underlying; part of every contract token (see contract-tokens.ts). */
  readonly slot: number;
  readonly index: boolean;
  readonly lotSize: number;
  readonly freezeQty: number;
  /** Options strike step in rupees; 0 when the underlying has no options here. */
  readonly strikeStep: number;
  /** Strikes cover reference price × (1 ± band), so the strike set never changes. */
  readonly strikeBand: number;
  /** NIFTY has weekly expiries; the others expire monthly. */
  readonly weekly: boolean;
  /** Open interest of the nearest future at the start of a day, in lots. */
  readonly futureOiLots: number;
  /** Volume of the nearest at-the-money option in a day, in lots. */
  readonly optionVolumeLots: number;
}

/**
 * NSE F&O contract specifications as of late 2025 (index lots 75/35/65 with their freeze quantities);
 * stock freeze quantities are approximations (about twenty lots).
 */
export const DERIVATIVES: readonly DerivativeReference[] = [
  d('NIFTY', 0, true, 75, 1800, 50, 0.15, true, 180_000, 400_000),
  d('BANKNIFTY', 1, true, 35, 900, 100, 0.15, false, 90_000, 150_000),
  d('FINNIFTY', 2, true, 65, 1800, 50, 0.15, false, 20_000, 30_000),
  d('RELIANCE', 3, false, 500, 10_000, 20, 0.1, false, 60_000, 20_000),
  d('TCS', 4, false, 175, 3_500, 0, 0, false, 40_000, 0),
  d('INFY', 5, false, 400, 8_000, 20, 0.1, false, 50_000, 15_000),
  d('HDFCBANK', 6, false, 550, 11_000, 0, 0, false, 70_000, 0),
  d('SBIN', 7, false, 750, 15_000, 0, 0, false, 60_000, 0),
];

function d(
  symbol: string,
  slot: number,
  index: boolean,
  lotSize: number,
  freezeQty: number,
  strikeStep: number,
  strikeBand: number,
  weekly: boolean,
  futureOiLots: number,
  optionVolumeLots: number,
): DerivativeReference {
  return {
    symbol,
    slot,
    index,
    lotSize,
    freezeQty,
    strikeStep,
    strikeBand,
    weekly,
    futureOiLots,
    optionVolumeLots,
  };
}

/** Derivatives tick on a 0.05 grid. */
export const DERIVATIVE_TICK = 0.05;

/** Monthly expiries listed at once for every underlying. */
export const MONTHLY_EXPIRIES = 3;

/** Weekly NIFTY expiries listed at once. */
export const WEEKLY_EXPIRIES = 4;

import type { Exchange } from '../../core/vocabulary/index.js';

/** One index quoted by an exchange, with the anchors of its price path. */
export interface IndexReference {
  readonly exchange: Exchange;
  readonly token: string;
  /** How quotes and the index list name it: `NIFTY 50`. */
  readonly tradingSymbol: string;
  /** The name derivatives use: `NIFTY`. */
  readonly symbolName: string;
  readonly price: number;
  readonly volatility: number;
  /** Fraction of its distance from the reference level a path loses per session (default 0.02); a volatility index reverts much faster. */
  readonly reversion?: number;
}

/** NSE indices with their real index tokens, and BSE SENSEX (token 1). */
export const INDICES: readonly IndexReference[] = [
  {
    exchange: 'NSE',
    token: '26000',
    tradingSymbol: 'NIFTY 50',
    symbolName: 'NIFTY',
    price: 25000,
    volatility: 0.13,
  },
  {
    exchange: 'NSE',
    token: '26009',
    tradingSymbol: 'NIFTY BANK',
    symbolName: 'BANKNIFTY',
    price: 55000,
    volatility: 0.15,
  },
  {
    exchange: 'NSE',
    token: '26037',
    tradingSymbol: 'NIFTY FIN SERVICE',
    symbolName: 'FINNIFTY',
    price: 26000,
    volatility: 0.15,
  },
  {
    exchange: 'NSE',
    token: '26008',
    tradingSymbol: 'NIFTY IT',
    symbolName: 'NIFTYIT',
    price: 36000,
    volatility: 0.2,
  },
  {
    exchange: 'NSE',
    token: '26074',
    tradingSymbol: 'NIFTY MID SELECT',
    symbolName: 'MIDCPNIFTY',
    price: 13000,
    volatility: 0.17,
  },
  {
    exchange: 'NSE',
    token: '26017',
    tradingSymbol: 'INDIA VIX',
    symbolName: 'INDIAVIX',
    price: 13,
    volatility: 0.7,
    reversion: 0.1,
  },
  {
    exchange: 'BSE',
    token: '1',
    tradingSymbol: 'SENSEX',
    symbolName: 'SENSEX',
    price: 82000,
    volatility: 0.13,
  },
];

/** Every index is quoted on a 0.05 grid. */
export const INDEX_TICK = 0.05;

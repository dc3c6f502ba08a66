import type { HoldingState } from '../account-state.js';
import { count, money } from '../format.js';
import type { SimInstrument, Universe } from '../market/types.js';

/** Haircut the simulated broker applies to every holding pledged as collateral. */
const HAIRCUT = 0.2;

function listing(i: SimInstrument): Record<string, string> {
  return {
    exchange: i.exchange,
    token: i.token,
    tradingSymbol: i.tradingSymbol,
    pricePrecision: String(i.pricePrecision),
    tickSize: money(i.tickSize, i.pricePrecision),
    lotSize: count(i.lotSize),
  };
}

/** The listings of a held security: NSE (`INFY-EQ`) and, where listed, BSE (`INFY`). */
export function listingsOf(universe: Universe, symbol: string): SimInstrument[] {
  const found = [universe.bySymbol('NSE', `${symbol}-EQ`), universe.bySymbol('BSE', symbol)];
  return found.filter((i): i is SimInstrument => i !== undefined);
}

/** One holdings entry: demat quantity, today's buys (BTST) and what today's sells used. */
export function holdingEntry(h: HoldingState, universe: Universe): Record<string, unknown> {
  return {
    exchangeTradingSymbol: listingsOf(universe, h.symbol).map(listing),
    sellAmount: money(h.sellAmount),
    holdQuantity: count(h.quantity),
    hairCut: money(HAIRCUT),
    dpQuantity: count(h.quantity),
    unPledgeQuantity: '0',
    uploadPrice: money(h.averagePrice),
    brokerCollateralQuantity: '0',
    BTSTQuantity: count(h.btst),
    usedQuantity: count(h.used),
    tradeQuantity: count(h.btst),
    npoadqty: '0',
  };
}

/** True when a holding still has something to show (shares held, bought or sold today). */
export function showsHolding(h: HoldingState): boolean {
  return h.quantity > 0 || h.btst > 0 || h.used > 0;
}

import type { Exchange } from '../vocabulary/index.js';
import type { Holding as WireHolding } from '../wire/index.js';
import { normalizeExchange, type Open } from './enums.js';
import { optNumber, optPrice, reqNumber } from './values.js';

/** One listing of a held security (NSE and BSE listings of one stock). */
export interface HoldingListing {
  readonly exchange: Open<Exchange>;
  readonly token: string;
  readonly tradingSymbol: string;
  readonly pricePrecision: number | undefined;
  readonly tickSize: number | undefined;
  readonly lotSize: number | undefined;
}

/** A held security with its demat, collateral and unsettled quantities. */
export interface Holding {
  readonly listings: readonly HoldingListing[];
  readonly quantity: number;
  readonly dpQuantity: number | undefined;
  readonly collateralQuantity: number | undefined;
  readonly unpledgedQuantity: number | undefined;
  readonly btstQuantity: number | undefined;
  readonly usedQuantity: number | undefined;
  readonly tradeQuantity: number | undefined;
  readonly nonPoaQuantity: number | undefined;
  readonly haircut: number | undefined;
  readonly uploadPrice: number | undefined;
  readonly sellAmount: number | undefined;
  readonly raw: unknown;
}

/** One holdings entry. */
export function holdingFromWire(h: WireHolding, path: string): Holding {
  return {
    listings: h.exchangeTradingSymbol.map((l) => ({
      exchange: normalizeExchange(l.exchange) ?? l.exchange,
      token: l.token,
      tradingSymbol: l.tradingSymbol,
      pricePrecision: optNumber(l.pricePrecision),
      tickSize: optPrice(l.tickSize),
      lotSize: optNumber(l.lotSize),
    })),
    quantity: reqNumber(h.holdQuantity, `${path}.holdQuantity`),
    dpQuantity: optNumber(h.dpQuantity),
    collateralQuantity: optNumber(h.brokerCollateralQuantity),
    unpledgedQuantity: optNumber(h.unPledgeQuantity),
    btstQuantity: optNumber(h.BTSTQuantity),
    usedQuantity: optNumber(h.usedQuantity),
    tradeQuantity: optNumber(h.tradeQuantity),
    nonPoaQuantity: optNumber(h.npoadqty),
    haircut: optNumber(h.hairCut),
    uploadPrice: optPrice(h.uploadPrice),
    sellAmount: optPrice(h.sellAmount),
    raw: h,
  };
}

import { z } from 'zod';
import { optStr, sessionFields, str } from './common.js';

/** `/apiV2/holdings` request. */
export const holdingsRequest = z.object(sessionFields);
export type HoldingsRequest = z.infer<typeof holdingsRequest>;

/** One listing of a held security (a stock listed on NSE and BSE has two). */
export const holdingListing = z.looseObject({
  exchange: str,
  token: str,
  tradingSymbol: str,
  pricePrecision: optStr,
  tickSize: optStr,
  lotSize: optStr,
});
export type HoldingListing = z.infer<typeof holdingListing>;

/** One holding: demat, collateral and unsettled (BTST) quantities. */
export const holding = z.looseObject({
  exchangeTradingSymbol: z.array(holdingListing),
  sellAmount: optStr,
  holdQuantity: str,
  hairCut: optStr,
  dpQuantity: optStr,
  unPledgeQuantity: optStr,
  uploadPrice: optStr,
  brokerCollateralQuantity: optStr,
  BTSTQuantity: optStr,
  usedQuantity: optStr,
  tradeQuantity: optStr,
  npoadqty: optStr,
});
export type Holding = z.infer<typeof holding>;
export const holdingsSuccess = z.looseObject({ Status: str, data: z.array(holding) });
export type HoldingsSuccess = z.infer<typeof holdingsSuccess>;

import type { Exchange, PriceType, Product, Retention } from '../vocabulary/index.js';
import { firstText, type TradeV1, type TradeV2 } from '../wire/index.js';
import {
  normalizeExchange,
  normalizePriceType,
  normalizeProduct,
  normalizeRetention,
  type Open,
  type OrderSide,
  sideFromWire,
} from './enums.js';
import { epochIso, FieldError, istIso, optNumber, optPrice, optText, reqPrice } from './values.js';

/** One fill, the same shape for both generations of the trade book. */
export interface Trade {
  readonly orderNumber: string;
  readonly fillId: string;
  readonly exchange: Open<Exchange>;
  readonly tradingSymbol: string;
  readonly token: string | undefined;
  readonly side: OrderSide | 'UNKNOWN';
  readonly fillQuantity: number;
  readonly fillPrice: number;
  /** When the fill happened (ISO 8601, +05:30). */
  readonly fillTime: string | undefined;
  /** The order's quantity and limit price. */
  readonly orderQuantity: number | undefined;
  readonly orderPrice: number | undefined;
  /** The order's cumulative traded quantity at this fill. */
  readonly filledQuantity: number | undefined;
  readonly product: Open<Product> | undefined;
  readonly priceType: Open<PriceType> | undefined;
  readonly retention: Open<Retention> | undefined;
  readonly remarks: string | undefined;
  readonly exchangeOrderId: string | undefined;
  readonly exchangeTime: string | undefined;
  readonly orderTime: string | undefined;
  readonly raw: unknown;
}

/** The fill quantity a row carries or its book lets us derive; a clear error when neither does. */
function fillOf(fill: number | undefined, path: string): number {
  if (fill !== undefined) return fill;
  throw new FieldError(`${path}: no fill quantity, and none follows from the order's fillshares or quantity`);
}

/** A first-generation trade-book entry; `fill` is its fill quantity as `fillQuantities` reads the book. */
export function tradeFromV1(t: TradeV1, path: string, fill: number | undefined): Trade {
  return {
    orderNumber: t.omsordno,
    fillId: t.flid,
    exchange: normalizeExchange(t.exch) ?? t.exch,
    tradingSymbol: t.tsym,
    token: optText(t.token),
    side: sideFromWire(t.trantype),
    fillQuantity: fillOf(fill, `${path}.flqty`),
    fillPrice: reqPrice(t.flprc, `${path}.flprc`),
    fillTime: istIso(t.fltm),
    orderQuantity: optNumber(t.qty),
    orderPrice: optPrice(t.prc),
    filledQuantity: optNumber(firstText(t, 'fillshares', 'fillShares')),
    product: normalizeProduct(t.prd),
    priceType: normalizePriceType(t.prctyp),
    retention: normalizeRetention(t.ret),
    remarks: optText(t.remarks),
    exchangeOrderId: optText(t.exchordid),
    exchangeTime: istIso(t.exch_tm) ?? istIso(t.extm),
    orderTime: istIso(t.orddttm) ?? epochIso(t.ordenttm),
    raw: t,
  };
}

/** A second-generation trade-book entry; `fill` as for `tradeFromV1`. */
export function tradeFromV2(t: TradeV2, path: string, fill: number | undefined): Trade {
  return {
    orderNumber: t.orderNumber,
    fillId: t.fillId,
    exchange: normalizeExchange(t.exchange) ?? t.exchange,
    tradingSymbol: t.tradingSymbol,
    token: optText(t.token),
    side: sideFromWire(t.transactionType),
    fillQuantity: fillOf(fill, `${path}.fillQuantity`),
    fillPrice: reqPrice(t.fillPrice, `${path}.fillPrice`),
    fillTime: istIso(t.fillTime),
    orderQuantity: optNumber(t.quantity),
    orderPrice: optPrice(t.price),
    filledQuantity: optNumber(firstText(t, 'fillshares', 'fillShares')),
    product: normalizeProduct(t.product),
    priceType: normalizePriceType(t.priceType),
    retention: normalizeRetention(t.retention),
    remarks: optText(t.remarks),
    exchangeOrderId: optText(t.exchordid),
    exchangeTime: istIso(t.exchangeUpdateTime),
    orderTime: istIso(t.orderTime),
    raw: t,
  };
}

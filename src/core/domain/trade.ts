import type { Exchange, PriceType, Product, Retention } from '../vocabulary/index.js';
import type { TradeV1, TradeV2 } from '../wire/index.js';
import {
  normalizeExchange,
  normalizePriceType,
  normalizeProduct,
  normalizeRetention,
  type Open,
  type OrderSide,
  sideFromWire,
} from './enums.js';
import { epochIso, istIso, optNumber, optPrice, optText, reqNumber, reqPrice } from './values.js';

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

/** A first-generation trade-book entry. */
export function tradeFromV1(t: TradeV1, path: string): Trade {
  return {
    orderNumber: t.omsordno,
    fillId: t.flid,
    exchange: normalizeExchange(t.exch) ?? t.exch,
    tradingSymbol: t.tsym,
    token: optText(t.token),
    side: sideFromWire(t.trantype),
    fillQuantity: reqNumber(t.flqty, `${path}.flqty`),
    fillPrice: reqPrice(t.flprc, `${path}.flprc`),
    fillTime: istIso(t.fltm),
    orderQuantity: optNumber(t.qty),
    orderPrice: optPrice(t.prc),
    filledQuantity: optNumber(t.fillshares),
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

/** A second-generation trade-book entry. */
export function tradeFromV2(t: TradeV2, path: string): Trade {
  return {
    orderNumber: t.orderNumber,
    fillId: t.fillId,
    exchange: normalizeExchange(t.exchange) ?? t.exchange,
    tradingSymbol: t.tradingSymbol,
    token: optText(t.token),
    side: sideFromWire(t.transactionType),
    fillQuantity: reqNumber(t.fillQuantity, `${path}.fillQuantity`),
    fillPrice: reqPrice(t.fillPrice, `${path}.fillPrice`),
    fillTime: istIso(t.fillTime),
    orderQuantity: optNumber(t.quantity),
    orderPrice: optPrice(t.price),
    filledQuantity: optNumber(t.fillshares),
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

import { firstText, type OrderBookEntry, type OrderV1, type OrderV2 } from '../wire/index.js';
import {
  normalizeExchange,
  normalizePriceType,
  normalizeProduct,
  normalizeReportType,
  normalizeRetention,
  normalizeStatus,
  sideFromWire,
} from './enums.js';
import type { Order } from './order.js';
import { parseRejection } from './rejection.js';
import { epochIso, istIso, optNumber, optPrice, optText, reqNumber } from './values.js';

/** The fields whose reading both generations share: quantities, status and rejection. */
interface Common {
  status: string;
  quantity: string;
  fill: string | undefined;
  reason: string | undefined;
  rejectedBy?: string | undefined;
}

/** The traded quantity, spelled `fillshares` or (as the order book's sample has it) `fillShares`; blanks skipped. */
function filled(entry: Readonly<Record<string, unknown>>): string | undefined {
  return firstText(entry, 'fillshares', 'fillShares');
}

function state(c: Common, path: string) {
  const quantity = reqNumber(c.quantity, `${path}.quantity`);
  const filledQuantity = optNumber(c.fill) ?? 0;
  const status = normalizeStatus(c.status, { filled: filledQuantity, quantity });
  const reason = optText(c.reason);
  const rejection = status === 'REJECTED' ? parseRejection(reason ?? '', optText(c.rejectedBy)) : undefined;
  return { quantity, filledQuantity, status, statusText: c.status, rejection };
}

/** A first-generation history entry. */
export function orderFromV1(o: OrderV1, path: string): Order {
  return {
    orderNumber: o.omsordno,
    exchange: normalizeExchange(o.exch) ?? o.exch,
    tradingSymbol: o.tsym,
    token: optText(o.token),
    side: sideFromWire(o.trantype),
    ...state(
      { status: o.status, quantity: o.qty, fill: filled(o), reason: o.rejreason, rejectedBy: o.rejby },
      path,
    ),
    cancelledQuantity: optNumber(o.cancelqty),
    disclosedQuantity: optNumber(o.dscqty),
    price: optPrice(o.prc),
    triggerPrice: optPrice(o.trgprc) || undefined,
    averagePrice: optPrice(o.avgprc),
    priceType: normalizePriceType(o.prctyp),
    product: normalizeProduct(o.prd),
    retention: normalizeRetention(o.ret),
    reportType: normalizeReportType(o.rpt),
    remarks: optText(o.remarks),
    exchangeOrderId: optText(o.exchordid),
    updatedAt: istIso(o.omstm),
    placedAt: istIso(o.orddttm) ?? epochIso(o.ordenttm),
    exchangeTime: istIso(o.extm),
    tickSize: optPrice(o.ti),
    lotSize: optNumber(o.ls),
    pricePrecision: optNumber(o.pp),
    raw: o,
  };
}

/** A second-generation history entry. */
export function orderFromV2(o: OrderV2, path: string): Order {
  return {
    orderNumber: o.orderNumber,
    exchange: normalizeExchange(o.exchange) ?? o.exchange,
    tradingSymbol: o.tradingSymbol,
    token: optText(o.token),
    side: sideFromWire(o.transactionType),
    ...state({ status: o.status, quantity: o.quantity, fill: filled(o), reason: o.rejectReason }, path),
    cancelledQuantity: optNumber(o.cancelQuantity),
    disclosedQuantity: optNumber(o.disclosedQuantity),
    price: optPrice(o.price),
    triggerPrice: optPrice(o.triggerPrice) || undefined,
    averagePrice: optPrice(o.averagePrice),
    priceType: normalizePriceType(o.priceType),
    product: normalizeProduct(o.product),
    retention: normalizeRetention(o.retention),
    reportType: normalizeReportType(o.reportType),
    remarks: optText(o.remarks),
    exchangeOrderId: optText(o.exchangeOrderNumber),
    updatedAt: istIso(o.omstm),
    placedAt: undefined,
    exchangeTime: istIso(o.exchangeTime),
    tickSize: optPrice(o.tickSize),
    lotSize: optNumber(o.lotSize),
    pricePrecision: optNumber(o.pricePrecision),
    raw: o,
  };
}

/** An order-book entry. */
export function orderFromBook(o: OrderBookEntry, path: string): Order {
  const time = istIso(o.orderTime);
  return {
    orderNumber: o.orderNumber,
    exchange: normalizeExchange(o.exchange) ?? o.exchange,
    tradingSymbol: o.tradingSymbol,
    token: optText(o.token),
    side: sideFromWire(o.transactionType),
    ...state({ status: o.status, quantity: o.quantity, fill: filled(o), reason: o.rejectReason }, path),
    cancelledQuantity: undefined,
    disclosedQuantity: optNumber(o.disclosedQuantity),
    price: optPrice(o.price),
    triggerPrice: undefined,
    averagePrice: optPrice(o.averagePrice),
    priceType: normalizePriceType(o.priceType),
    product: normalizeProduct(o.product),
    retention: normalizeRetention(o.retention),
    reportType: undefined,
    remarks: optText(o.remarks),
    exchangeOrderId: optText(o.exchordid),
    updatedAt: time,
    placedAt: time,
    exchangeTime: undefined,
    tickSize: optPrice(o.tickSize),
    lotSize: optNumber(o.lotSize),
    pricePrecision: undefined,
    raw: o,
  };
}

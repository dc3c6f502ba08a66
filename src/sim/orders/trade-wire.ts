import { count, dateFirst, money, timeFirst } from '../format.js';
import { UNIT_PRICE_FACTOR } from '../handlers/instrument-lookup.js';
import { historyV1, orderTexts } from './history-wire.js';
import type { SimOrder, SimTrade } from './types.js';

/** The report of the order that a fill produced (its `Fill` entry), for the order fields at that moment. */
function fillReport(order: SimOrder, trade: SimTrade) {
  return order.reports.find((r) => r.rpt === 'Fill' && r.filled === trade.cumulative && r.at === trade.at);
}

/** One first-generation trade: the order's fields as of the fill, plus the fill. */
export function tradeV1(order: SimOrder, trade: SimTrade): Record<string, string> {
  const r = fillReport(order, trade) ?? order.reports.at(-1);
  const base = r ? historyV1(order, r) : {};
  const p = order.ticket.instrument.pricePrecision;
  return {
    ...base,
    fillshares: count(trade.cumulative),
    avgprc: money(trade.averagePrice),
    flid: trade.fillId,
    fltm: dateFirst(trade.at),
    flprc: money(trade.price, p),
    flqty: count(trade.quantity),
    exch_tm: dateFirst(trade.at),
    omstm: timeFirst(trade.at),
  };
}

/** One second-generation trade; `requestTime` is the time of the answer. */
export function tradeV2(order: SimOrder, trade: SimTrade, now: number): Record<string, string> {
  const o = orderTexts(order);
  return {
    requestTime: timeFirst(now),
    userId: order.userId,
    exchange: o.exchange,
    priceType: o.priceType,
    retention: o.retention,
    product: o.product,
    fillId: trade.fillId,
    fillTime: dateFirst(trade.at),
    transactionType: o.side,
    tradingSymbol: o.symbol,
    quantity: o.quantity,
    token: o.token,
    fillshares: count(trade.cumulative),
    pricePrecision: o.precision,
    lotSize: o.lot,
    tickSize: o.tick,
    price: o.price,
    fillPrice: money(trade.price, order.ticket.instrument.pricePrecision),
    fillQuantity: count(trade.quantity),
    remarks: o.remarks,
    exchordid: order.exchangeOrderNumber,
    orderNumber: order.orderNumber,
    exchangeUpdateTime: dateFirst(trade.at),
    priceFactor: UNIT_PRICE_FACTOR,
    orderTime: o.placed,
  };
}

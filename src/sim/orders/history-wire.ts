import { UNKNOWN_EXCHANGE_TIME } from '../../core/vocabulary/index.js';
import { count, dateFirst, epochSeconds, money, timeFirst } from '../format.js';
import type { OrderReport, OrderTerms, SimOrder } from './types.js';

/** An exchange time as the OMS writes it: `dd-mm-yyyy HH:MM:SS`, or the 1980 sentinel when unknown. */
export function exchangeTimeText(at: number | undefined): string {
  return at === undefined ? UNKNOWN_EXCHANGE_TIME : dateFirst(at);
}

/** The order's own fields, formatted once for every entry that shows them, with a report's terms if given. */
export function orderTexts(order: SimOrder, terms: OrderTerms = order.ticket) {
  const t = order.ticket;
  const i = t.instrument;
  const p = i.pricePrecision;
  return {
    exchange: t.exchange,
    symbol: i.tradingSymbol,
    token: i.token,
    quantity: count(terms.quantity),
    price: money(terms.price, p),
    trigger: money(terms.triggerPrice, p),
    product: t.product,
    side: t.side,
    priceType: terms.priceType,
    retention: t.retention,
    remarks: t.remarks,
    precision: String(p),
    tick: money(i.tickSize, p),
    lot: count(i.lotSize),
    placed: timeFirst(order.placedAt),
  };
}

/** One first-generation history entry: the order as one report left it. */
export function historyV1(order: SimOrder, r: OrderReport): Record<string, string> {
  const o = orderTexts(order, r.terms);
  return {
    stat: 'Ok',
    exch: o.exchange,
    omsordno: order.orderNumber,
    tsym: o.symbol,
    prc: o.price,
    qty: o.quantity,
    prd: o.product,
    status: r.status,
    trantype: o.side,
    prctyp: o.priceType,
    fillshares: count(r.filled),
    avgprc: money(r.averagePrice),
    rejreason: r.rejectReason,
    exchordid: r.exchangeOrderNumber,
    cancelqty: count(r.cancelled),
    remarks: o.remarks,
    dscqty: '0',
    trgprc: o.trigger,
    ret: o.retention,
    amo: 'No',
    pp: o.precision,
    ti: o.tick,
    ls: o.lot,
    token: o.token,
    uid: order.userId,
    actid: order.accountId,
    orddttm: o.placed,
    ordenttm: epochSeconds(order.placedAt),
    extm: exchangeTimeText(r.exchangeTime),
    src_uid: '',
    rejby: r.rejectedBy,
    kidid: '1',
    pan: '',
    ordersource: 'API',
    rpt: r.rpt,
    omstm: timeFirst(r.at),
  };
}

/** One second-generation history entry. */
export function historyV2(order: SimOrder, r: OrderReport): Record<string, string> {
  const o = orderTexts(order, r.terms);
  return {
    exchange: o.exchange,
    orderNumber: order.orderNumber,
    userId: order.userId,
    tradingSymbol: o.symbol,
    price: o.price,
    quantity: o.quantity,
    product: o.product,
    status: r.status,
    transactionType: o.side,
    priceType: o.priceType,
    fillshares: count(r.filled),
    averagePrice: money(r.averagePrice),
    rejectReason: r.rejectReason,
    exchangeOrderNumber: r.exchangeOrderNumber,
    cancelQuantity: count(r.cancelled),
    remarks: o.remarks,
    disclosedQuantity: '0',
    triggerPrice: o.trigger,
    retention: o.retention,
    pricePrecision: o.precision,
    tickSize: o.tick,
    lotSize: o.lot,
    token: o.token,
    exchangeTime: exchangeTimeText(r.exchangeTime),
    reportType: r.rpt,
    omstm: timeFirst(r.at),
  };
}

/** The history of an order newest first, one entry per report. */
export function newestFirst<T>(order: SimOrder, entry: (o: SimOrder, r: OrderReport) => T): T[] {
  return order.reports.map((r) => entry(order, r)).reverse();
}

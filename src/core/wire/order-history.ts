import { z } from 'zod';
import { aliasedObject, aliasedStr, ORDER_NUMBER_ALIASES } from './aliases.js';
import { optStr, str } from './common.js';

/** `/api/singleOrderHistory` (also `/api/singleOrderList`) request. */
export const orderHistoryV1Request = z.object({ userId: str, omsordno: str, jKey: str });
export type OrderHistoryV1Request = z.infer<typeof orderHistoryV1Request>;

/** `/apiV2/singleOrderHistory` (also `/apiV2/singleOrderList`) request. */
export const orderHistoryV2Request = z.object({ userId: str, orderNumber: str, jKey: str });
export type OrderHistoryV2Request = z.infer<typeof orderHistoryV2Request>;

/** The fields of a first-generation order entry (history, and the order part of a trade). */
export const orderV1Fields = {
  stat: optStr,
  exch: str,
  omsordno: aliasedStr('omsordno', ORDER_NUMBER_ALIASES.v1),
  tsym: str,
  prc: optStr,
  qty: str,
  prd: optStr,
  status: str,
  trantype: str,
  prctyp: optStr,
  fillshares: optStr,
  avgprc: optStr,
  rejreason: optStr,
  exchordid: optStr,
  cancelqty: optStr,
  remarks: optStr,
  dscqty: optStr,
  trgprc: optStr,
  ret: optStr,
  amo: optStr,
  pp: optStr,
  ti: optStr,
  ls: optStr,
  token: optStr,
  uid: optStr,
  actid: optStr,
  orddttm: optStr,
  ordenttm: optStr,
  extm: optStr,
  src_uid: optStr,
  rejby: optStr,
  kidid: optStr,
  pan: optStr,
  ordersource: optStr,
  rpt: optStr,
  omstm: optStr,
};

/**
 * First-generation order-history entry. Times: `omstm` and `orddttm` `HH:MM:SS dd-mm-yyyy`; `extm`
 * `dd-mm-yyyy HH:MM:SS`; `ordenttm` epoch seconds. `rpt` is the report type, `rejby` the rejecting party.
 * A `norenordno` is read as `omsordno`.
 */
export const orderV1 = aliasedObject(orderV1Fields, ORDER_NUMBER_ALIASES.v1);
export type OrderV1 = z.infer<typeof orderV1>;
export const orderHistoryV1Success = z.array(orderV1);

/** Second-generation order-history entry; `exchangeTime` is `dd-mm-yyyy HH:MM:SS`; `norenordno` is read as `orderNumber`. */
export const orderV2 = aliasedObject(
  {
    exchange: str,
    orderNumber: aliasedStr('orderNumber', ORDER_NUMBER_ALIASES.v2),
    userId: optStr,
    tradingSymbol: str,
    price: optStr,
    quantity: str,
    product: optStr,
    status: str,
    transactionType: str,
    priceType: optStr,
    fillshares: optStr,
    averagePrice: optStr,
    rejectReason: optStr,
    exchangeOrderNumber: optStr,
    cancelQuantity: optStr,
    remarks: optStr,
    disclosedQuantity: optStr,
    triggerPrice: optStr,
    retention: optStr,
    pricePrecision: optStr,
    tickSize: optStr,
    lotSize: optStr,
    token: optStr,
    exchangeTime: optStr,
    reportType: optStr,
    omstm: optStr,
  },
  ORDER_NUMBER_ALIASES.v2,
);
export type OrderV2 = z.infer<typeof orderV2>;
export const orderHistoryV2Success = z.looseObject({ Status: str, data: z.array(orderV2) });
export type OrderHistoryV2Success = z.infer<typeof orderHistoryV2Success>;

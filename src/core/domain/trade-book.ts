import { firstText, type TradeV1, type TradeV2 } from '../wire/index.js';
import { normalizeStatus } from './enums.js';
import { type Trade, tradeFromV1, tradeFromV2 } from './trade.js';
import { fillQuantities } from './trade-fills.js';

/** A first-generation trade book (`[i]` paths); fills without `flqty` are derived from the whole book. */
export function tradesFromV1(rows: readonly TradeV1[]): Trade[] {
  const fills = fillQuantities(
    rows.map((t) => ({
      orderNumber: t.omsordno,
      fill: t.flqty,
      cumulative: firstText(t, 'fillshares', 'fillShares'),
      quantity: t.qty,
      complete: normalizeStatus(t.status) === 'COMPLETE',
    })),
  );
  return rows.map((t, i) => tradeFromV1(t, `[${i}]`, fills[i]));
}

/** A second-generation trade book (`data[i]` paths); fills without `fillQuantity` are derived likewise. */
export function tradesFromV2(rows: readonly TradeV2[]): Trade[] {
  const fills = fillQuantities(
    rows.map((t) => ({
      orderNumber: t.orderNumber,
      fill: t.fillQuantity,
      cumulative: firstText(t, 'fillshares', 'fillShares'),
      quantity: t.quantity,
      complete: normalizeStatus(firstText(t, 'status')) === 'COMPLETE',
    })),
  );
  return rows.map((t, i) => tradeFromV2(t, `data[${i}]`, fills[i]));
}

import { canonicalJson, sha256 } from '../audit/index.js';
import type { Instrument } from '../catalogue/index.js';
import type { OrderIntent } from '../checks/index.js';
import { decimalText } from '../client/validate.js';
import { type OrderRequest, orderLeg } from '../orders/order-request.js';
import { composeRemarks } from '../orders/tag.js';
import { formatExpiryShort } from '../time/ist.js';
import type { OrderLeg } from '../wire/index.js';
import type { StraddleInput, TicketLeg } from './types.js';

/** The client request and exact wire fields of one leg, tagged. */
export function freezeLeg(
  instrument: Instrument,
  intent: OrderIntent,
  tag: string,
  remarks: string | undefined,
): { request: OrderRequest; wire: OrderLeg } {
  const request: OrderRequest = {
    exchange: intent.exchange,
    tradingSymbol: intent.tradingSymbol,
    side: intent.side,
    quantity: intent.quantity,
    priceType: intent.priceType,
    ...(intent.price === undefined ? {} : { price: intent.price }),
    ...(intent.triggerPrice === undefined ? {} : { triggerPrice: intent.triggerPrice }),
    product: intent.product,
    retention: intent.retention,
    ...(remarks === undefined ? {} : { remarks }),
    tag,
    tickSize: instrument.tickSize,
  };
  return { request, wire: orderLeg(request, composeRemarks(tag, remarks)) };
}

/** The exact straddle fields sent on the wire (the session fields are added at sending). */
export function freezeStraddle(s: StraddleInput, expiryMs: number, tag: string): Record<string, string> {
  return {
    symbol: s.symbol.trim().toUpperCase(),
    strikePrice: decimalText(s.strike),
    expiry: formatExpiryShort(expiryMs),
    product: s.product,
    quantity: String(s.quantity),
    remarks: composeRemarks(tag, s.remarks),
  };
}

/** The SHA-256 an approval approves: the ticket id, its kind and every field that goes on the wire. */
export function payloadHash(
  id: string,
  kind: string,
  legs: readonly Pick<TicketLeg, 'wire'>[],
  straddle?: Readonly<Record<string, string>>,
  modifies?: string,
): string {
  return sha256(canonicalJson({ id, kind, legs: legs.map((l) => l.wire), straddle, modifies }));
}

import { showCount, showPrice } from '../../core/checks/index.js';
import type { Order } from '../../core/domain/order.js';
import { escapeMarkdown, external } from './escape.js';

const TICKET_TAG = /\bomsdesk:(T[A-Z0-9]{8})(?:\.\d+)?\b/;

/** The omsdesk ticket an order came from, read from its remarks tag. */
export function ticketOfOrder(o: Order): string | undefined {
  return TICKET_TAG.exec(o.remarks ?? '')?.[1];
}

/** One line for an order: number, side, quantity, instrument, price or fill, state, and why it was rejected. */
export function orderLine(o: Order): string {
  const price =
    o.averagePrice !== undefined && o.filledQuantity > 0
      ? ` filled ${showCount(o.filledQuantity)} @ ₹${showPrice(o.averagePrice, o.tickSize)}`
      : o.price
        ? ` @ ₹${showPrice(o.price, o.tickSize)}`
        : ` ${o.priceType ?? ''}`.trimEnd();
  const why = o.rejection ? ` ${external(o.rejection.text, 160)}` : '';
  const ticket = ticketOfOrder(o);
  return (
    `\`${o.orderNumber}\` ${o.side} ${showCount(o.quantity)} ${escapeMarkdown(`${o.exchange}:${o.tradingSymbol}`)}` +
    `${price} **${escapeMarkdown(o.status)}**${ticket ? ` (ticket ${ticket})` : ''}${why}`
  );
}

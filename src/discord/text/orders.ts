import { showCount, showOrderPrice } from '../../core/checks/index.js';
import type { Order } from '../../core/domain/order.js';
import { ticketOfRemarks } from '../../core/watcher/index.js';
import { escapeMarkdown, external } from './escape.js';

/** One line for an order: number, side, quantity, instrument, price or fill, state, and why it was rejected. */
export function orderLine(o: Order): string {
  const price = showOrderPrice(o);
  const why = o.rejection ? ` ${external(o.rejection.text, 160)}` : '';
  const ticket = ticketOfRemarks(o.remarks);
  return (
    `\`${o.orderNumber}\` ${o.side} ${showCount(o.quantity)} ${escapeMarkdown(`${o.exchange}:${o.tradingSymbol}`)}` +
    `${price} **${escapeMarkdown(o.status)}**${ticket ? ` (ticket ${ticket})` : ''}${why}`
  );
}

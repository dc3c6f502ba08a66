import { TICKET_ID } from '../../core/orders/ticket-id.js';

/** Today's orders, every one the account has, as the order watcher last saw it. */
export const ORDERS_TODAY_URI = 'omsdesk://orders/today';
/** One order of today by its broker number. */
export const ORDER_TEMPLATE = 'omsdesk://orders/{number}';
/** One omsdesk ticket by its id. */
export const TICKET_TEMPLATE = 'omsdesk://tickets/{id}';

export const orderUri = (orderNumber: string): string => `omsdesk://orders/${orderNumber}`;
export const ticketUri = (ticketId: string): string => `omsdesk://tickets/${ticketId}`;

const ORDER_URI = /^omsdesk:\/\/orders\/(\d{1,20})$/;
const TICKET_URI = new RegExp(`^omsdesk://tickets/(${TICKET_ID.source})$`);

/** True for a URI omsdesk can tell changes of: today's orders, one order, one ticket. */
export function isWatchable(uri: string): boolean {
  return uri === ORDERS_TODAY_URI || ORDER_URI.test(uri) || TICKET_URI.test(uri);
}

/** A ticket URI in the form updates are told under (ticket ids are case-insensitive). */
export function canonicalUri(uri: string): string {
  const ticket = TICKET_URI.exec(uri);
  return ticket ? ticketUri((ticket[1] as string).toUpperCase()) : uri;
}

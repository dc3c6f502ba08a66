/**
 * The order card's HTML, one self-contained document built at build time (scripts/build-ticket-card.mjs)
 * and put in place of this constant by the bundler; undefined where nothing built it (then no client is
 * offered the card, and every tool answers as it does for a client without apps).
 */
declare const __OMSDESK_TICKET_CARD__: string | undefined;

/** The built card, or undefined. */
export function ticketCardHtml(): string | undefined {
  return typeof __OMSDESK_TICKET_CARD__ === 'string' ? __OMSDESK_TICKET_CARD__ : undefined;
}

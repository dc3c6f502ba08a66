import { RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { onlyForApps, TICKET_CARD_URI } from './apps.js';
import { ticketCardHtml } from './card-html.js';

/**
 * What the host's sandbox allows the card: nothing outside (no connect, resource or frame domains). The
 * card's own CSP says the same, so a host that ignored this would still not let it reach anywhere.
 */
const UI = { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true };

/**
 * Registers `ui://omsdesk/ticket`, the order card, listed only to clients that declared MCP Apps; nothing
 * when the card was not built into this omsdesk.
 */
export function registerTicketCard(server: McpServer): void {
  const html = ticketCardHtml();
  if (html === undefined) return;
  const resource = registerAppResource(
    server,
    'Order ticket card',
    TICKET_CARD_URI,
    {
      title: 'Order ticket card',
      description: 'A live card of one omsdesk ticket: legs against the market, margin, caps and status.',
      _meta: { ui: UI },
    },
    async () => ({
      contents: [{ uri: TICKET_CARD_URI, mimeType: RESOURCE_MIME_TYPE, text: html, _meta: { ui: UI } }],
    }),
  );
  onlyForApps(server, resource);
}

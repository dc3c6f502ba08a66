import { EXTENSION_ID, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities, McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import type { Toggle } from '../ordering.js';
import { ticketCardHtml } from './card-html.js';

/** The order card's resource. */
export const TICKET_CARD_URI = 'ui://omsdesk/ticket';

/** How a tool takes part in the card: shown with it (`linked`), or called by the card alone (`app-only`). */
export type CardRole = 'linked' | 'app-only';

/** True when the client declared the MCP Apps extension (and the card was built into this omsdesk). */
export function declaresApps(capabilities: ClientCapabilities | undefined): boolean {
  return ticketCardHtml() !== undefined && capabilities?.extensions?.[EXTENSION_ID] !== undefined;
}

/**
 * Whether the client this server serves declared the extension: at initialize (2025-11-25), or on this
 * very request (2026-07-28 over HTTP, where a server serves one request and the SDK seeds it from the
 * request's envelope). Read when the SDK lists or calls, so the answer is the caller's own.
 */
function servesApps(server: McpServer): boolean {
  return declaresApps(server.server.getClientCapabilities());
}

const LINK = { ui: { resourceUri: TICKET_CARD_URI }, [RESOURCE_URI_META_KEY]: TICKET_CARD_URI };
const APP_ONLY = { ui: { resourceUri: TICKET_CARD_URI, visibility: ['app'] } };

/**
 * Fits a registered tool to each client: a linked tool names the card in `_meta` only to clients with
 * apps (others list it exactly as before); an app-only tool is listed and callable only for them. Returns
 * the tool's toggle for the order rules (`fitOrdering`): for an app-only tool it flips the tool's own
 * switch without telling clients, since whether it shows also depends on the client.
 */
export function fitToCard(server: McpServer, tool: RegisteredTool, role: CardRole): Toggle {
  if (role === 'linked') {
    let meta = tool._meta;
    Object.defineProperty(tool, '_meta', {
      get: () => (servesApps(server) ? { ...meta, ...LINK } : meta),
      set: (value: Record<string, unknown> | undefined) => {
        meta = value;
      },
      enumerable: true,
      configurable: true,
    });
    return tool;
  }
  let enabled = tool.enabled;
  Object.defineProperty(tool, 'enabled', {
    get: () => enabled && servesApps(server),
    set: (value: boolean) => {
      enabled = value;
    },
    enumerable: true,
    configurable: true,
  });
  tool._meta = APP_ONLY;
  return {
    get enabled() {
      return enabled;
    },
    enable: () => {
      enabled = true;
    },
    disable: () => {
      enabled = false;
    },
  };
}

/** Lists a resource only to clients with apps (others list exactly what they did before). */
export function onlyForApps(server: McpServer, resource: { enabled: boolean }): void {
  let enabled = resource.enabled;
  Object.defineProperty(resource, 'enabled', {
    get: () => enabled && servesApps(server),
    set: (value: boolean) => {
      enabled = value;
    },
    enumerable: true,
    configurable: true,
  });
}

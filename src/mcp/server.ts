import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { confirmationProblem, toolConfirmEnabled } from './confirm/settings.js';
import { resolveDeps } from './context.js';
import type { McpDeps } from './deps.js';
import { registerOrdersToday } from './resources/orders-today.js';
import type { Tool } from './tool.js';
import { CONFIRM_TOOL, PLACEMENT_TOOLS, READ_TOOLS } from './tools/index.js';
import { UNTRUSTED_LEGEND } from './untrusted.js';

/** How the server introduces itself. */
export const SERVER_INFO = { name: 'omsdesk', title: 'omsdesk brokerage desk', version: '0.1.0' } as const;

const INSTRUCTIONS = [
  'omsdesk gives access to one brokerage trading account (Indian markets: NSE, BSE, NFO; prices in rupees; times in IST).',
  'Read tools answer at once. Placement tools never send an order by themselves: each order is previewed into a ticket and sent only after a human confirms it.',
  'Never claim an order was placed unless the result says PLACED, COMPLETE or shows an order number; an accepted order can still be rejected: follow it with get_order_status.',
  UNTRUSTED_LEGEND,
].join(' ');

/** Thrown when the server cannot be built with the given settings (a start-up error, not a tool error). */
export class McpSetupError extends Error {
  override readonly name = 'McpSetupError';
}

/** The tools these dependencies allow, in registration order. */
export function toolsFor(deps: Pick<McpDeps, 'readOnly' | 'confirm' | 'broker'>): readonly Tool[] {
  if (deps.readOnly) return READ_TOOLS;
  return [
    ...READ_TOOLS,
    ...PLACEMENT_TOOLS,
    ...(toolConfirmEnabled(deps.confirm, deps.broker) ? [CONFIRM_TOOL] : []),
  ];
}

/** Checks the settings a server is about to be built with; throws `McpSetupError` with what to change. */
export function assertMcpSettings(
  deps: Pick<McpDeps, 'confirm' | 'broker' | 'approvalChannel' | 'readOnly'>,
): void {
  if (deps.readOnly) return;
  const problem = confirmationProblem(deps.confirm, {
    hasChannel: deps.approvalChannel !== undefined,
    broker: deps.broker,
  });
  if (problem !== undefined) throw new McpSetupError(problem);
}

/**
 * Builds the MCP server: read tools always; placement tools (through the order gate) unless read-only;
 * `confirm_order` only where tool confirmation is allowed. Transports are attached by the caller.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  assertMcpSettings(deps);
  const resolved = resolveDeps(deps);
  const capabilities = deps.orders
    ? { tools: {}, resources: { subscribe: true, listChanged: false } }
    : { tools: {} };
  const server = new McpServer(SERVER_INFO, { capabilities, instructions: INSTRUCTIONS });
  const tools = toolsFor(deps);
  for (const tool of tools) tool.register(server, resolved);
  // The SDK converts every tool's zod schemas to JSON Schema on every tools/list (and for every HTTP
  // session's server): the same list, each tool converted once for the process.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => tool.listing()),
  }));
  registerOrdersToday(server, resolved);
  return server;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { GateError } from '../../src/core/gate/index.js';
import type { ConfirmMode, McpGate, McpPeople } from '../../src/mcp/deps.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { mockBroker } from '../core/support/broker.js';

const MASTER = join(import.meta.dirname, '../fixtures/catalogue/instruments.csv');

const refuse = (): never => {
  throw new GateError('INVALID_ORDER', 'a read-only test server has no order gate');
};
/** The gate of a read-only server: nothing ever reaches it. */
const NO_GATE: McpGate = {
  preview: refuse,
  approve: refuse,
  decline: refuse,
  get: () => undefined,
  find: async () => undefined,
  status: async () => undefined,
  list: () => [],
  onChange: () => () => undefined,
  usageOf: () => ({ orders: 0, value: 0 }),
  policy: {
    readOnly: true,
    allowedExchanges: ['NSE', 'BSE', 'NFO'],
    allowedProducts: ['C', 'M', 'I'],
    marketHours: 'always',
    holidays: [],
  },
};

/** How the server is configured; read-only unless said otherwise. */
export interface MockServerOptions {
  readonly readOnly?: boolean;
  readonly confirm?: ConfirmMode;
  readonly allowToolConfirmLive?: boolean;
  readonly broker?: 'paper' | 'live';
  /** With a people file (then `whoami` is listed too). */
  readonly people?: McpPeople;
  /** The client declares MCP Apps (the order card's extension). */
  readonly apps?: boolean;
}

/**
 * An MCP server whose broker client answers from scripted bodies (a `MockAgent` dispatcher), for answers
 * the paper broker never gives (optional fields absent) and for listing tools without starting a broker.
 * Its gate refuses everything: nothing is ever placed through it.
 */
export async function startMcpOverMock(o: MockServerOptions = {}) {
  const broker = mockBroker();
  broker.loginOk();
  const catalog = parseInstrumentCatalog(readFileSync(MASTER, 'utf8'));
  let server: ReturnType<typeof createMcpServer>;
  try {
    server = createMcpServer({
      client: broker.client,
      catalog: () => catalog,
      gate: NO_GATE,
      confirm: { mode: o.confirm ?? 'auto', allowToolConfirmLive: o.allowToolConfirmLive ?? false },
      readOnly: o.readOnly ?? true,
      broker: o.broker ?? 'paper',
      clock: broker.clock,
      ...(o.people ? { people: o.people } : {}),
    });
  } catch (error) {
    await broker.close();
    throw error;
  }
  const client = new Client(
    { name: 'omsdesk-test', version: '1.0.0' },
    o.apps ? { capabilities: { extensions: { 'io.modelcontextprotocol/ui': {} } } } : {},
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    broker,
    client,
    async call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    },
    async close(): Promise<void> {
      await client.close();
      await server.close();
      await broker.close();
    },
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { GateError } from '../../src/core/gate/index.js';
import type { McpGate } from '../../src/mcp/deps.js';
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
  waitForDecision: refuse,
  onChange: () => () => undefined,
};

/**
 * A read-only MCP server whose broker client answers from scripted bodies (a `MockAgent` dispatcher),
 * for answers the paper broker never gives: optional fields absent, alternative shapes.
 */
export async function startMcpOverMock() {
  const broker = mockBroker();
  broker.loginOk();
  const catalog = parseInstrumentCatalog(readFileSync(MASTER, 'utf8'));
  const server = createMcpServer({
    client: broker.client,
    catalog: () => catalog,
    gate: NO_GATE,
    confirm: { mode: 'auto', allowToolConfirmLive: false },
    readOnly: true,
    broker: 'paper',
    clock: broker.clock,
  });
  const client = new Client({ name: 'omsdesk-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    broker,
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

import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { resolveDeps } from '../../src/mcp/context.js';
import type { McpDeps, McpGate } from '../../src/mcp/deps.js';
import { createMcpServer, SERVER_INFO, toolsFor } from '../../src/mcp/server.js';
import { mockBroker } from '../core/support/broker.js';

/** Listing needs no working gate or master: nothing here is ever called. */
const unused = (): never => {
  throw new Error('not called when listing tools');
};

/** The raw `tools/list` answer a server writes, before any client parses it. */
async function rawToolsList(server: McpServer): Promise<string> {
  const [near, far] = InMemoryTransport.createLinkedPair();
  const answers: JSONRPCMessage[] = [];
  far.onmessage = (message) => void answers.push(message);
  await far.start();
  await server.connect(near);
  await far.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await far.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await far.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  await new Promise((resolve) => setImmediate(resolve));
  await server.close();
  const answer = answers.find((m) => 'id' in m && m.id === 2);
  return JSON.stringify(answer);
}

describe('tools/list on the wire', () => {
  it("writes byte for byte what the SDK's own tools/list handler writes for the same tools", async () => {
    const broker = mockBroker();
    try {
      const deps: McpDeps = {
        client: broker.client,
        catalog: unused,
        gate: { preview: unused, approve: unused, decline: unused, get: unused } as unknown as McpGate,
        confirm: { mode: 'tool', allowToolConfirmLive: false },
        readOnly: false,
        broker: 'paper',
      };
      const ours = await rawToolsList(createMcpServer(deps));
      // The same tools registered on a server that keeps the SDK's handler.
      const plain = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
      for (const tool of toolsFor(deps)) tool.register(plain, resolveDeps(deps));
      const sdk = await rawToolsList(plain);
      expect(JSON.parse(ours).result.tools).toHaveLength(16);
      expect(ours).toBe(sdk);
    } finally {
      await broker.close();
    }
  });

  it('converts each tool once for the process: a second server lists the very same objects', () => {
    const [first] = toolsFor({
      readOnly: true,
      confirm: { mode: 'auto', allowToolConfirmLive: false },
      broker: 'paper',
    });
    expect(first?.listing()).toBe(first?.listing());
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { AuditLog } from '../../src/core/audit/index.js';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import type { BrokerClient } from '../../src/core/client/index.js';
import { systemClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/core/config/index.js';
import { OrderGate } from '../../src/core/gate/index.js';
import { Redactor } from '../../src/core/redact.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { createMarket } from '../../src/sim/market/market.js';

/** An MCP server over a broker client, as `omsdesk` builds it, and the SDK's client linked to it in memory. */
export interface McpPair {
  readonly client: Client;
  close(): Promise<void>;
}

/**
 * Builds the server the way the runtime does (gate, audit log in a temporary data dir, the paper
 * broker's master for seed 1) over `broker`, and connects a real SDK client through linked in-memory
 * transports. The configuration is passed explicitly: nothing comes from the environment.
 */
export async function startMcpPair(broker: BrokerClient): Promise<McpPair> {
  const dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-bench-mcp-'));
  const config = loadConfig({ env: { OMSDESK_DATA_DIR: dataDir } });
  const catalog = parseInstrumentCatalog(
    instrumentsCsv(createMarket({ seed: 1, hours: 'always' }).universe(Date.now())),
  );
  const audit = await AuditLog.open(config.audit.path, systemClock, new Redactor());
  const gate = await OrderGate.open({
    broker,
    catalog: () => catalog,
    audit,
    clock: systemClock,
    policy: config.policy,
  });
  const server = createMcpServer({
    client: broker,
    catalog: () => catalog,
    gate,
    confirm: { mode: 'auto', allowToolConfirmLive: false },
    readOnly: false,
    broker: 'paper',
  });
  const client = new Client({ name: 'omsdesk-bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
      gate.close();
      await audit.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/server';
import { afterEach } from 'vitest';
import { createMcpService, type McpService } from '../../src/mcp/server.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/transports/http.js';
import { type GateHarness, startGate } from '../core/gate/harness.js';
import { depsFor, type McpOptions } from './harness.js';
import { MODERN } from './http-client.js';

/** Answers a form the way a test's person would (the v2 client's handler). */
export type ModernPerson = (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;

/** omsdesk over HTTP on loopback, as `omsdesk serve` runs it, over a gate on a paper broker. */
export interface HttpDesk {
  readonly g: GateHarness;
  readonly service: McpService;
  readonly http: HttpHandle;
  /** Orders the broker holds today (its order book, read through the client). */
  brokerOrders(): Promise<number>;
  close(): Promise<void>;
}

/** Registers the closing, after each test, of what it opens (clients, desks): the last opened first. */
export function closeAfterEach(): <T extends { close(): Promise<void> }>(opened: T) => T {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const opened of open.splice(0).reverse()) await opened.close();
  });
  return (opened) => {
    open.push(opened);
    return opened;
  };
}

export async function startHttpDesk(o: McpOptions = {}): Promise<HttpDesk> {
  const g = await startGate(o.env ?? {}, { ttlMs: o.ttlMs ?? 120_000, acceptWaitMs: 1_500, ...o.gate });
  const service = createMcpService(depsFor(g, o));
  const http = await startHttpServer({ host: '127.0.0.1', port: 0, allowedOrigins: [], service });
  return {
    g,
    service,
    http,
    brokerOrders: async () => (await g.client.getOrderBook()).length,
    async close() {
      await http.close();
      service.close();
      await g.close();
    },
  };
}

/**
 * The SDK's v2 client on 2026-07-28 (pinned, so it never falls back to the handshake), declaring
 * elicitation only when a person answers forms.
 */
export async function modernClient(
  url: string,
  person?: ModernPerson,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client(
    { name: 'omsdesk-modern-test', version: '1.0.0' },
    {
      capabilities: person ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: MODERN } },
    },
  );
  if (person) client.setRequestHandler('elicitation/create', (request) => person(request));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport, type McpServer } from '@modelcontextprotocol/server';
import { type InstrumentCatalog, parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import type { ApprovalChannel } from '../../src/core/gate/index.js';
import type { ConfirmMode, ConfirmTimings, McpDeps } from '../../src/mcp/deps.js';
import type { TicketData } from '../../src/mcp/schemas/ticket.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { type GateHarness, type GateTestOptions, startGate } from '../core/gate/harness.js';

/** Answers an elicitation the way a test's person would. */
export type Person = (request: ElicitRequest) => Promise<ElicitResult> | ElicitResult;

export interface McpOptions {
  readonly confirm?: ConfirmMode;
  readonly allowToolConfirmLive?: boolean;
  readonly readOnly?: boolean;
  readonly broker?: 'paper' | 'live';
  readonly approvalChannel?: ApprovalChannel;
  /** The client's elicitation handler; without one the client does not declare the capability. */
  readonly person?: Person;
  readonly timings?: ConfirmTimings;
  readonly env?: Record<string, string>;
  readonly ttlMs?: number;
  /** The web desk's public URL (the order card's Confirm then opens the ticket's page there). */
  readonly publicUrl?: string;
  /** More options of the gate underneath (retention, settling, client timeouts). */
  readonly gate?: GateTestOptions;
}

/** A real SDK client talking to the MCP server in process, over a gate on a paper broker. */
export interface McpHarness {
  readonly g: GateHarness;
  readonly client: Client;
  readonly server: McpServer;
  readonly deps: McpDeps;
  /** Elicitation requests the person was shown. */
  readonly asked: ElicitRequest[];
  call(name: string, args?: Record<string, unknown>, options?: RequestOptions): Promise<CallToolResult>;
  /** Orders the broker holds today (its order book, read through the client). */
  brokerOrders(): Promise<number>;
  /** The whole ticket, read through the client from its resource. */
  ticket(id: string): Promise<TicketData>;
  close(): Promise<void>;
}

/** Builds the dependencies of an MCP server over a gate harness. */
export function depsFor(g: GateHarness, o: McpOptions = {}): McpDeps {
  return {
    client: g.client,
    catalog: catalogOf(g),
    gate: g.gate,
    confirm: { mode: o.confirm ?? 'auto', allowToolConfirmLive: o.allowToolConfirmLive ?? false },
    readOnly: o.readOnly ?? false,
    broker: o.broker ?? 'paper',
    ...(o.approvalChannel ? { approvalChannel: o.approvalChannel } : {}),
    ...(o.publicUrl
      ? { webDesk: { ticketUrl: (id: string) => `${o.publicUrl?.replace(/\/+$/, '')}/tickets/${id}` } }
      : {}),
    ...(g.watcher ? { orders: g.watcher } : {}),
    clock: g.clock,
    timings: { progressIntervalMs: 20, settleWaitMs: 1_500, ...o.timings },
  };
}

/** The same master the gate harness builds: the paper broker's universe at its clock's time. */
export function catalogOf(g: GateHarness): () => InstrumentCatalog {
  const catalog = parseInstrumentCatalog(instrumentsCsv(g.h.sim.market.universe(g.h.clock.now())));
  return () => catalog;
}

/** Starts a paper broker, a gate, an MCP server and a client connected in memory. */
export async function startMcp(o: McpOptions = {}): Promise<McpHarness> {
  const g = await startGate(o.env ?? {}, { ttlMs: o.ttlMs ?? 120_000, acceptWaitMs: 1_500, ...o.gate });
  const deps = depsFor(g, o);
  let server: McpServer;
  try {
    server = createMcpServer(deps);
  } catch (error) {
    await g.close();
    throw error;
  }
  const client = new Client(
    { name: 'omsdesk-test', version: '1.0.0' },
    { capabilities: o.person ? { elicitation: { form: {} } } : {} },
  );
  const asked: ElicitRequest[] = [];
  if (o.person) {
    const person = o.person;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request);
      return person(request);
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    g,
    client,
    server,
    deps,
    asked,
    async call(name, args = {}, options) {
      return (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
    },
    async brokerOrders() {
      return (await g.client.getOrderBook()).length;
    },
    ticket: (id) => readTicket(client, id),
    async close() {
      await client.close();
      await server.close();
      await g.close();
    },
  };
}

/** The whole ticket, as `omsdesk://tickets/{id}` gives it (placement results carry only the answer). */
export async function readTicket(
  client: { readResource(p: { uri: string }): Promise<{ contents: readonly object[] }> },
  id: string,
): Promise<TicketData> {
  const { contents } = await client.readResource({ uri: `omsdesk://tickets/${id}` });
  const first = contents[0] as { text?: string } | undefined;
  return JSON.parse(first?.text ?? '{}') as TicketData;
}

/** A tool result of either SDK line, as the assertions read it. */
interface AnyResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: unknown;
}

/** The text of a result. */
export function textOf(result: AnyResult): string {
  return result.content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** The structured content of a result, typed loosely for assertions. */
export function dataOf<T = Record<string, unknown>>(result: AnyResult): T {
  return result.structuredContent as T;
}

// Every form of tools/list the MCP server can answer (each protocol revision, each confirmation mode and
// broker, read-only, without and with a people file, each role's listing), each asked of the real server
// and measured as the JSON-RPC answer it sends. `npm run tools:size` prints them; a test bounds them.
import { createMcpHandler, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { CONFIRM_MODES } from '../src/core/config/index.js';
import type { McpDeps } from '../src/mcp/deps.js';
import { createLateMcpService, type McpSettings } from '../src/mcp/server.js';

/** At most this many characters per listed tool, on average, in every form as sent. */
export const CHARS_PER_TOOL = 1_300;

/** Who lists: nobody in particular (no people file), or with a people file one who may order, or a viewer. */
export type Lister = 'operator' | 'orderer' | 'viewer';

/** Who asks: a client that declares nothing, or one that declares every capability a listing may follow. */
export type Asker = 'bare client' | 'capable client';

/** What a capable client declares: forms, sampling, roots, and MCP Apps' interface extension. */
const CAPABLE = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: { listChanged: true },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/** One form of the listing. */
export interface ListingForm {
  readonly era: 'legacy' | 'modern';
  readonly settings: McpSettings;
  readonly lister: Lister;
  readonly asker: Asker;
}

/** One form as measured. */
export interface ListingSize extends ListingForm {
  /** What the form's settings say, for a person reading the table. */
  readonly label: string;
  readonly tools: readonly string[];
  /** The whole JSON-RPC answer, as the server sends it. */
  readonly chars: number;
  /** What the rule allows: `CHARS_PER_TOOL` for each listed tool. */
  readonly budget: number;
}

/** Every form: the settings a server can be built with, crossed with the revisions and the listers. */
export function listingForms(): ListingForm[] {
  const base: Pick<McpSettings, 'readOnly' | 'confirm' | 'broker'>[] = [
    { readOnly: true, confirm: { mode: 'auto', allowToolConfirmLive: false }, broker: 'paper' },
    ...CONFIRM_MODES.flatMap((mode) =>
      (['paper', 'live'] as const).map((broker) => ({
        readOnly: false,
        // A live broker with tool confirmation starts only when it is allowed.
        confirm: { mode, allowToolConfirmLive: true },
        broker,
      })),
    ),
  ];
  const settings: McpSettings[] = base.map((s) => ({ ...s, withChannel: true, withOrders: true }));
  return (['legacy', 'modern'] as const).flatMap((era) =>
    settings.flatMap((s) =>
      (['operator', 'orderer', 'viewer'] as const).flatMap((lister) =>
        (['bare client', 'capable client'] as const).map((asker) => ({
          era,
          settings: { ...s, withPeople: lister !== 'operator' },
          lister,
          asker,
        })),
      ),
    ),
  );
}

/** A short name of a form's settings. */
export function labelOf(form: ListingForm): string {
  const s = form.settings;
  const mode = s.readOnly ? 'read-only' : `${s.confirm.mode} ${s.broker}`;
  const people = form.lister === 'operator' ? 'no people file' : `people file, ${form.lister}`;
  return `${form.era === 'legacy' ? '2025-11-25' : '2026-07-28'}, ${mode}, ${people}, ${form.asker}`;
}

/** Measures one form: a real server of these settings answers one tools/list. */
export async function measure(form: ListingForm): Promise<ListingSize> {
  // Listing needs no dependency: they never arrive, and nothing waits for them.
  const service = createLateMcpService(form.settings, new Promise<McpDeps>(() => undefined));
  const mayOrder = form.lister !== 'viewer';
  const capabilities = form.asker === 'capable client' ? CAPABLE : {};
  try {
    const text =
      form.era === 'legacy'
        ? await listLegacy(service.server({ era: 'legacy', mayOrder }), capabilities)
        : await listModern(() => service.server({ era: 'modern', perRequest: true, mayOrder }), capabilities);
    const answer = JSON.parse(text) as { result?: { tools?: { name: string }[] } };
    const tools = (answer.result?.tools ?? []).map((t) => t.name);
    if (tools.length === 0) throw new Error(`${labelOf(form)}: tools/list answered no tool: ${text}`);
    return {
      ...form,
      label: labelOf(form),
      tools,
      chars: text.length,
      budget: CHARS_PER_TOOL * tools.length,
    };
  } finally {
    service.close();
  }
}

/** Every form measured, one at a time. */
export async function measureAll(): Promise<ListingSize[]> {
  const sizes: ListingSize[] = [];
  for (const form of listingForms()) sizes.push(await measure(form));
  return sizes;
}

type Server = ReturnType<ReturnType<typeof createLateMcpService>['server']>;

/** 2025-11-25: initialize, then tools/list on the connection; the answer as the transport is handed it. */
async function listLegacy(server: Server, capabilities: object): Promise<string> {
  const [client, side] = InMemoryTransport.createLinkedPair();
  const answers = new Map<unknown, (text: string) => void>();
  client.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message) answers.get(message.id)?.(JSON.stringify(message));
  };
  const ask = (id: number, method: string, params: Record<string, unknown> = {}): Promise<string> =>
    new Promise((resolve) => {
      answers.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params });
    });
  await server.connect(side);
  try {
    await ask(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities,
      clientInfo: { name: 'tools-size', version: '1' },
    });
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return await ask(2, 'tools/list');
  } finally {
    await server.close();
  }
}

/** 2026-07-28: one request, no session, as the HTTP endpoint serves it; the body it answers. */
async function listModern(server: () => Server, capabilities: object): Promise<string> {
  const handler = createMcpHandler(() => server(), { legacy: 'reject' });
  try {
    const response = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 'tools-size', version: '1' },
              'io.modelcontextprotocol/clientCapabilities': capabilities,
            },
          },
        }),
      }),
    );
    const body = await response.text();
    // A streamed answer carries its message on a data line.
    if (body.startsWith('{')) return body;
    const data = body.split('\n').find((line) => line.startsWith('data:') && line.includes('"id"'));
    if (data === undefined) throw new Error(`2026-07-28 tools/list: no answer in ${body.slice(0, 200)}`);
    return data.slice(5).trim();
  } finally {
    await handler.close();
  }
}

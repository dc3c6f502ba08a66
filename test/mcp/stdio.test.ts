import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServerParams } from '../helpers/cli.js';

let dataDir: string;
let client: Client;
let transport: StdioClientTransport;
const stderr: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-mcp-stdio-'));
  transport = new StdioClientTransport({
    ...mcpServerParams(dataDir, { OMSDESK_CONFIRM: 'auto' }),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  client = new Client({ name: 'stdio-test', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  await client.connect(transport);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('omsdesk mcp over stdio (a child process with the embedded paper broker)', () => {
  it('lists the tools, quotes, answers candles with their chart, and places an order confirmed through elicitation', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_quote', 'place_order', 'confirm_order']),
    );
    const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
    expect((quote.structuredContent as { lastPrice: number }).lastPrice).toBeGreaterThan(0);
    const candles = await client.callTool({ name: 'get_candles', arguments: { instrument: 'RELIANCE' } });
    expect((candles.content as { type: string; mimeType?: string }[])[1]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
    });
    const placed = await client.callTool({
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    });
    const data = placed.structuredContent as { confirmation: string; orderNumbers: string[] };
    expect(data.confirmation).toBe('elicitation');
    expect(data.orderNumbers).toHaveLength(1);
    const book = await client.callTool({ name: 'get_order_book', arguments: {} });
    expect((book.structuredContent as { total: number }).total).toBe(1);
  });

  it('offers the prompts, completes from the catalogue, reads templates and tells a subscriber of a new order', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['morning_brief', 'order_review', 'end_of_day']);
    const brief = await client.getPrompt({ name: 'end_of_day' });
    expect(JSON.stringify(brief.messages)).toMatch(/Orders today:/);
    const done = await client.complete({
      ref: { type: 'ref/prompt', name: 'order_review' },
      argument: { name: 'instrument', value: 'infy' },
    });
    expect(done.completion.values).toContain('NSE:INFY-EQ');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('omsdesk://tickets/{id}');
    const told = new Promise<string>((resolve) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)),
    );
    await client.subscribeResource({ uri: 'omsdesk://orders/today' });
    const placed = await client.callTool({
      name: 'place_order',
      arguments: { instrument: 'INFY', side: 'BUY', quantity: 1, product: 'C' },
    });
    expect(await told).toBe('omsdesk://orders/today');
    const { ticketId } = placed.structuredContent as { ticketId: string };
    const ticket = await client.readResource({ uri: `omsdesk://tickets/${ticketId}` });
    expect(JSON.stringify(ticket.contents)).toContain('NSE:INFY-EQ');
  });

  it('keeps its logs on stderr (stdout carries only the protocol)', () => {
    expect(stderr.join('')).toMatch(/"level":"info","message":"paper broker at http:\/\/127\.0\.0\.1:\d+"/);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServerParams } from '../helpers/cli.js';
import { dataOf } from './harness.js';
import { MODERN } from './http-client.js';

let dataDir: string;
let client: Client;
let answer: 'accept' | 'decline' = 'accept';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-mcp-stdio-modern-'));
  const transport = new StdioClientTransport({
    ...mcpServerParams(dataDir, { OMSDESK_CONFIRM: 'elicit' }),
    stderr: 'ignore',
  });
  client = new Client(
    { name: 'stdio-modern-test', version: '1' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: MODERN } } },
  );
  client.setRequestHandler('elicitation/create', () =>
    answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' },
  );
  await client.connect(transport);
}, 30_000);

afterAll(async () => {
  await client?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const bookTotal = async (): Promise<number> =>
  dataOf<{ total: number }>(await client.callTool({ name: 'get_order_book', arguments: {} })).total;

describe('omsdesk mcp over stdio in 2026-07-28 (no handshake), with the v2 client', () => {
  it('speaks 2026-07-28, quotes, and answers candles with their chart', async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
    expect(dataOf<{ lastPrice: number }>(quote).lastPrice).toBeGreaterThan(0);
    const candles = await client.callTool({ name: 'get_candles', arguments: { instrument: 'RELIANCE' } });
    expect(candles.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('places exactly one order the person accepts in the form, and none they decline', async () => {
    answer = 'accept';
    const placed = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(dataOf<{ orderNumbers: string[] }>(placed).orderNumbers).toHaveLength(1);
    expect(await bookTotal()).toBe(1);
    answer = 'decline';
    const declined = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(dataOf<{ status: string }>(declined).status).toBe('DECLINED');
    expect(await bookTotal()).toBe(1);
  });
  it('offers the prompts, completes from the catalogue, reads templates and tells a listener of a new order', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['morning_brief', 'order_review', 'end_of_day']);
    const brief = await client.getPrompt({ name: 'morning_brief' });
    expect(JSON.stringify(brief.messages)).toMatch(/Limits:/);
    const done = await client.complete({
      ref: { type: 'ref/prompt', name: 'morning_brief' },
      argument: { name: 'watch', value: 'reliance' },
    });
    expect(done.completion.values[0]).toBe('NSE:RELIANCE-EQ');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('omsdesk://orders/{number}');
    const told = new Promise<string>((resolve) =>
      client.setNotificationHandler('notifications/resources/updated', (n) => resolve(n.params.uri)),
    );
    const subscription = await client.listen({ resourceSubscriptions: ['omsdesk://orders/today'] });
    answer = 'accept';
    const placed = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(await told).toBe('omsdesk://orders/today');
    const [orderNumber] = dataOf<{ orderNumbers: string[] }>(placed).orderNumbers as [string];
    const order = await client.readResource({ uri: `omsdesk://orders/${orderNumber}` });
    expect(JSON.stringify(order.contents)).toContain(orderNumber);
    await subscription.close();
  });
});

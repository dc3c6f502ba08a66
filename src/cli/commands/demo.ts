import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../../core/config/index.js';
import { createMcpServer } from '../../mcp/server.js';
import { stderrLogger } from '../logger.js';
import { startRuntime } from '../runtime.js';
import { mcpDeps } from './mcp.js';

const indent = (text: string, mark: string): string =>
  text
    .split('\n')
    .map((l) => `${mark}${l}`)
    .join('\n');

function show(result: CallToolResult): string {
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return indent(text, result.isError ? '! ' : '< ');
}

/**
 * `omsdesk demo`: an MCP client (the SDK's, in process) drives the server against a fresh paper broker:
 * a quote, candles, an order confirmed through elicitation, and the order's outcome; exits 0 when all worked.
 */
export async function demoCommand(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-demo-'));
  // A hermetic configuration: the paper broker, elicitation, and a throw-away audit log.
  const config = loadConfig({
    env: {
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_AUDIT_KEY_FILE: join(dataDir, 'audit.key'),
      OMSDESK_CONFIRM: 'elicit',
      OMSDESK_LOG_LEVEL: 'warn',
    },
  });
  const rt = await startRuntime(config, stderrLogger('warn'), 'omsdesk demo');
  const server = createMcpServer(mcpDeps(rt));
  const client = new Client(
    { name: 'omsdesk-demo', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    console.log('  [elicitation] omsdesk asks the person at the client:');
    console.log(indent(request.params.message, '  | '));
    console.log('  [elicitation] the demo person checks "Place this order" and accepts');
    return { action: 'accept', content: { confirm: true } };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let failed = false;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    console.log(`\n> ${name} ${JSON.stringify(args)}`);
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    console.log(show(result));
    failed ||= result.isError === true;
    return result;
  };
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    console.log(
      'omsdesk demo: an MCP client drives omsdesk in process, against the embedded paper broker (paper money).',
    );
    const { tools } = await client.listTools();
    console.log(`${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`);
    await call('get_quote', { instrument: 'RELIANCE' });
    await call('get_candles', { instrument: 'RELIANCE', interval: '5', limit: 6 });
    const placed = await call('place_order', {
      instrument: 'RELIANCE',
      side: 'BUY',
      quantity: 1,
      product: 'C',
      remarks: 'omsdesk demo',
    });
    const numbers = (placed.structuredContent?.orderNumbers ?? []) as string[];
    if (numbers[0] !== undefined) await call('get_order_status', { order_number: numbers[0] });
    else failed = true;
    console.log(
      failed
        ? '\nThe demo did not complete: see the lines marked "!".'
        : '\nDone: the order reached the broker only after the person confirmed it.',
    );
  } finally {
    await client.close();
    await server.close();
    await rt.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallToolResult, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadConfig } from '../../core/config/index.js';
import { stderrLogger } from '../logger.js';
import { startRuntime } from '../runtime.js';
import { serveHttp } from './mcp.js';

const indent = (text: string, mark: string): string =>
  text
    .split('\n')
    .map((l) => `${mark}${l}`)
    .join('\n');

function show(result: CallToolResult): string {
  const text = result.content.map((c) =>
    c.type === 'text' ? c.text : c.type === 'image' ? `[a ${c.mimeType} image]` : `[${c.type}]`,
  );
  return indent(text.join('\n'), result.isError ? '! ' : '< ');
}

/**
 * `omsdesk demo`: the SDK's client drives omsdesk over HTTP on loopback (protocol 2026-07-28, negotiated)
 * against a fresh paper broker: a quote, candles with their chart, an order confirmed through the
 * client's form, and the order's outcome; exits 0 when all worked.
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
  const http = await serveHttp(rt, { host: '127.0.0.1', port: 0, command: 'omsdesk demo' }).catch(
    async (error: unknown) => {
      await rt.close();
      throw error;
    },
  );
  const client = new Client(
    { name: 'omsdesk-demo', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
  );
  client.setRequestHandler('elicitation/create', (request) => {
    console.log('  [elicitation] omsdesk asks the person at the client:');
    console.log(indent(request.params.message, '  | '));
    console.log('  [elicitation] the demo person checks "Place this order" and accepts');
    return { action: 'accept', content: { confirm: true } };
  });
  let failed = false;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    console.log(`\n> ${name} ${JSON.stringify(args)}`);
    const result = await client.callTool({ name, arguments: args });
    console.log(show(result));
    failed ||= result.isError === true;
    return result;
  };
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    console.log(
      `omsdesk demo: an MCP client drives omsdesk at ${http.url} (protocol ${client.getNegotiatedProtocolVersion()}), against the embedded paper broker (paper money).`,
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
    const numbers = (placed.structuredContent as { orderNumbers?: string[] } | undefined)?.orderNumbers ?? [];
    if (numbers[0] !== undefined) await call('get_order_status', { order_number: numbers[0] });
    else failed = true;
    console.log(
      failed
        ? '\nThe demo did not complete: see the lines marked "!".'
        : '\nDone: the order reached the broker only after the person confirmed it.',
    );
  } finally {
    await client.close();
    await http.close();
    await rt.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

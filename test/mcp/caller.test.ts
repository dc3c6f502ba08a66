import type { Client as ModernClient } from '@modelcontextprotocol/client';
import type { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRoute } from '../../src/core/client/index.js';
import { createMcpService } from '../../src/mcp/server.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/transports/http.js';
import { type GateHarness, startGate } from '../core/gate/harness.js';
import { recordingLogger } from '../helpers/logs.js';
import { depsFor } from './harness.js';
import { connect } from './http-client.js';
import { modernClient } from './modern-harness.js';

const TOKEN = 'a-test-token-of-32-characters-xx';
const QUOTE = { name: 'get_quote', arguments: { instrument: 'RELIANCE' } };

let g: GateHarness;
let http: HttpHandle;
const { logger, logs } = recordingLogger();
const clients: (LegacyClient | ModernClient)[] = [];
/** The askers the server's reads were queued under, in order. */
const askers: string[] = [];
beforeAll(async () => {
  g = await startGate();
  const client = {
    ...g.client,
    as: (route: CallRoute) => {
      askers.push(`${route.lane} ${route.asker}`);
      return g.client.as(route);
    },
  };
  const service = createMcpService({ ...depsFor(g, { readOnly: true }), client, logger });
  http = await startHttpServer({ host: '127.0.0.1', port: 0, token: TOKEN, allowedOrigins: [], service });
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await http.close();
  await g.close();
});

/** The tool-call log lines written since `from`, as their fields. */
function calls(from: number): { tool: string; client: string; credential?: string }[] {
  return logs
    .slice(from)
    .filter((l) => l.startsWith('debug mcp tool call '))
    .map((l) => JSON.parse(l.slice('debug mcp tool call '.length)));
}

describe('who calls, read from each request', () => {
  it('hands the credential the HTTP layer verified to the handlers of every call, in a 2025-11-25 session', async () => {
    const { client } = await connect(http.url, { authorization: `Bearer ${TOKEN}` });
    clients.push(client);
    const from = logs.length;
    await client.callTool(QUOTE);
    await client.callTool(QUOTE);
    const seen = calls(from);
    expect(seen).toHaveLength(2);
    for (const call of seen)
      expect(call).toMatchObject({ client: 'http-test', credential: 'omsdesk-mcp-token' });
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('and to the handler of a 2026-07-28 request, which has no session to remember it by', async () => {
    const client = await modernClient(http.url, undefined, { authorization: `Bearer ${TOKEN}` });
    clients.push(client);
    const from = logs.length;
    await client.callTool(QUOTE);
    expect(calls(from)).toEqual([
      expect.objectContaining({ client: 'omsdesk-modern-test', credential: 'omsdesk-mcp-token' }),
    ]);
  });

  it("queues each call by its 2025-11-25 session, and a 2026-07-28 request by its client's name", async () => {
    const { client, transport } = await connect(http.url, { authorization: `Bearer ${TOKEN}` });
    clients.push(client);
    const modern = await modernClient(http.url, undefined, { authorization: `Bearer ${TOKEN}` });
    clients.push(modern);
    const from = askers.length;
    await client.callTool(QUOTE);
    await modern.callTool(QUOTE);
    expect(askers.slice(from)).toEqual([
      `people mcp-session:${transport.sessionId}`,
      'people mcp:omsdesk-modern-test',
    ]);
  });
});

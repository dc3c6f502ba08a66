import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpService } from '../../src/mcp/server.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/transports/http.js';
import type { GateHarness } from '../core/gate/harness.js';
import { startGate } from '../core/gate/harness.js';
import { depsFor } from './harness.js';
import { connect, post, postStreamed } from './http-client.js';

const TOKEN = 'a-test-token-of-32-characters-xx';

let g: GateHarness;
let open: HttpHandle;
let locked: HttpHandle;
beforeAll(async () => {
  g = await startGate({}, { acceptWaitMs: 1_500 });
  const service = createMcpService(depsFor(g, { confirm: 'elicit' }));
  open = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: ['https://desk.example.com'],
    service,
  });
  locked = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    allowedOrigins: [],
    service,
  });
});
afterAll(async () => {
  await open.close();
  await locked.close();
  await g.close();
});

describe('MCP over Streamable HTTP', () => {
  it('serves a real client with sessions, and elicitation reaches it to confirm an order', async () => {
    // Other cases of this file may leave sessions open: count from what is there.
    const before = open.sessions();
    const { client, transport } = await connect(open.url, {}, true);
    expect(transport.sessionId).toBeDefined();
    expect(open.sessions()).toBe(before + 1);
    const result = await client.callTool({
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { orderNumbers: string[] }).orderNumbers).toHaveLength(1);
    expect(g.placements).toHaveLength(1);
    await transport.terminateSession();
    await client.close();
    expect(open.sessions()).toBe(before);
  });

  it('refuses a foreign Origin with 403', async () => {
    const r = await post(open.url, { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(r.text).toMatch(/Origin/);
  });

  it('accepts a configured Origin and the loopback one on its port', async () => {
    expect((await post(open.url, { origin: 'https://desk.example.com' })).status).toBe(200);
    expect((await post(open.url, { origin: `http://localhost:${open.port}` })).status).toBe(200);
  });

  it('refuses a foreign Host with 403 (DNS rebinding)', async () => {
    const r = await post(open.url, { host: `evil.example:${open.port}` });
    expect(r.status).toBe(403);
    expect(r.text).toMatch(/Host/);
  });

  it('refuses a loopback name with another port in Host', async () => {
    expect((await post(open.url, { host: 'localhost:1' })).status).toBe(403);
  });

  it('refuses a body over the bound with 413 and a body that is not JSON with 400', async () => {
    expect((await post(open.url, {}, 'x'.repeat(1_100_000))).status).toBe(413);
    expect((await post(open.url, {}, '{not json')).status).toBe(400);
  });

  it('answers 413 with a JSON-RPC error to a body streamed over the bound, while the client is still sending', async () => {
    for (const declare of [false, true]) {
      const r = await postStreamed(open.url, 5_000_000, declare);
      expect(r.status, `declared length: ${declare}`).toBe(413);
      expect(JSON.parse(r.text)).toMatchObject({
        jsonrpc: '2.0',
        error: { message: expect.stringMatching(/larger than 1048576 bytes/) },
      });
    }
    expect((await post(open.url, {})).status).toBe(200);
  });

  it('answers 404 for an unknown session and for other paths', async () => {
    expect(
      (await post(open.url, { 'mcp-session-id': 'nope' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }))
        .status,
    ).toBe(404);
    expect((await post(open.url.replace('/mcp', '/other'), {})).status).toBe(404);
  });

  it('refuses to start on a non-loopback address without a token', async () => {
    await expect(
      startHttpServer({
        host: '0.0.0.0',
        port: 0,
        allowedOrigins: [],
        service: createMcpService(depsFor(g)),
      }),
    ).rejects.toThrow(/without a token/);
  });

  it('answers 401 with WWW-Authenticate: Bearer when the token is missing or wrong', async () => {
    const missing = await post(locked.url, {});
    expect(missing.status).toBe(401);
    expect(String(missing.headers['www-authenticate'])).toMatch(/^Bearer/);
    const wrong = await post(locked.url, { authorization: `Bearer ${TOKEN.replace('x', 'y')}` });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain(TOKEN);
  });

  it('serves a client that sends the right bearer token', async () => {
    const { client } = await connect(locked.url, { authorization: `Bearer ${TOKEN}` });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('get_quote');
    await client.close();
  });
});

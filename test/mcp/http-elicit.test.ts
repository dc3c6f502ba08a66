import {
  Client as ModernSdkClient,
  StreamableHTTPClientTransport as ModernSdkTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INIT, openSse, post, sessionOf } from './http-client.js';
import { closeAfterEach, type HttpDesk, startHttpDesk } from './modern-harness.js';

const closing = closeAfterEach();
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
/** Long enough for a form on the call's stream, short enough that a form sent elsewhere fails the test soon. */
const timings = { elicitTimeoutMs: 3_000 };

/** A fetch that never opens the optional GET stream: the server says it offers none (405), as the spec allows. */
function withoutGetStream(gets: string[]): typeof fetch {
  return (input, init) => {
    if ((init?.method ?? 'GET') === 'GET') {
      gets.push(String(input));
      return Promise.resolve(new Response(null, { status: 405 }));
    }
    return fetch(input, init);
  };
}

let desk: HttpDesk;
beforeAll(async () => {
  desk = await startHttpDesk({ confirm: 'elicit', timings });
});
afterAll(() => desk.close());

describe('the 2025-11-25 confirmation form over HTTP goes on the call’s own stream', () => {
  it('reaches the v1 client that never opens the GET stream, and the order is placed', async () => {
    const before = await desk.brokerOrders();
    const gets: string[] = [];
    const client = new Client(
      { name: 'no-get-v1', version: '1' },
      { capabilities: { elicitation: { form: {} } } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(desk.http.url), { fetch: withoutGetStream(gets) }),
    );
    closing(client);
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(gets.length).toBeGreaterThan(0);
    expect(asked).toHaveLength(1);
    expect(result.isError).toBeFalsy();
    expect(await desk.brokerOrders()).toBe(before + 1);
  });

  it('reaches the v2 client on 2025-11-25 that never opens the GET stream, and the order is placed', async () => {
    const before = await desk.brokerOrders();
    const gets: string[] = [];
    const client = new ModernSdkClient(
      { name: 'no-get-v2', version: '1' },
      { capabilities: { elicitation: { form: {} } } },
    );
    let asked = 0;
    client.setRequestHandler('elicitation/create', () => {
      asked += 1;
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new ModernSdkTransport(new URL(desk.http.url), { fetch: withoutGetStream(gets) }));
    closing(client);
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(gets.length).toBeGreaterThan(0);
    expect(asked).toBe(1);
    expect(result.isError).toBeFalsy();
    expect(await desk.brokerOrders()).toBe(before + 1);
  });

  it('comes by hand on the POST response of tools/call, and the answer posted back places the order', async () => {
    const before = await desk.brokerOrders();
    const init = {
      ...INIT,
      params: { ...INIT.params, protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } } },
    };
    const session = sessionOf(await post(desk.http.url, {}, init));
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    expect(
      (await post(desk.http.url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' })).status,
    ).toBe(202);
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'place_order', arguments: ORDER },
    };
    const stream = await openSse(desk.http.url, 'POST', headers, call);
    // The first event may be the empty one a resumable stream opens with.
    const next = async (): Promise<{ id?: number; method?: string; result?: { isError?: boolean } }> => {
      for (let e = await stream.next(); e !== undefined; e = await stream.next())
        if (e.data !== '') return JSON.parse(e.data);
      return {};
    };
    const form = await next();
    expect(form.method).toBe('elicitation/create');
    const answer = { jsonrpc: '2.0', id: form.id, result: { action: 'accept', content: { confirm: true } } };
    expect((await post(desk.http.url, headers, answer)).status).toBe(202);
    let result = await next();
    // Progress notifications come first, while the order is placed.
    while (result.id !== 7 && Object.keys(result).length > 0) result = await next();
    stream.close();
    expect(result.result?.isError).toBeFalsy();
    expect(await desk.brokerOrders()).toBe(before + 1);
  });
});

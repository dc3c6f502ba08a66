import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2Transport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, INIT, modernRequest, post, sessionOf } from './http-client.js';
import { closeAfterEach, type HttpDesk, modernClient, startHttpDesk } from './modern-harness.js';

const open = closeAfterEach();
let desk: HttpDesk;
beforeAll(async () => {
  desk = await startHttpDesk();
});
afterAll(() => desk.close());
const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const MISSING = 'omsdesk://tickets/T-NOPE';

/** The JSON-RPC message of a raw answer, sent as JSON or as the data of a server-sent event. */
function messageOf(text: string): { result?: { isError?: boolean }; error?: { code: number } } {
  const data = text.startsWith('{')
    ? text
    : (text
        .split('\n')
        .filter((l) => l.startsWith('data:') && l.length > 6)
        .map((l) => l.slice(5).trim())
        .at(-1) ?? '{}');
  return JSON.parse(data);
}

/** The JSON-RPC error code of a raw answer. */
function codeOf(text: string): number | undefined {
  return messageOf(text).error?.code;
}

describe('a 2026-07-28 request that carries an Mcp-Session-Id is served on its own', () => {
  it('with an id no session has, and with the id of a live 2025-11-25 session, which goes on serving its client', async () => {
    const legacy = await connect(desk.http.url);
    open({ close: () => legacy.client.close() });
    const live = legacy.transport.sessionId as string;
    for (const id of ['no-such-session', live]) {
      const { headers, body } = modernRequest(5, 'tools/call', {
        name: 'get_quote',
        arguments: { instrument: 'RELIANCE' },
      });
      const raw = await post(desk.http.url, { ...headers, 'mcp-session-id': id }, body);
      expect(raw.status, id).toBe(200);
      expect(messageOf(raw.text).result?.isError, id).toBeFalsy();
      const client = open(await modernClient(desk.http.url, undefined, { 'mcp-session-id': id }));
      const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
      expect(quote.isError, id).toBeFalsy();
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    }
    expect((await legacy.client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('refusals carry the JSON-RPC codes the specs name', () => {
  it('-32700 for a body that is not JSON, with or without a session', async () => {
    const session = sessionOf(await post(desk.http.url, {}));
    for (const headers of [{}, { 'mcp-session-id': session }]) {
      const answer = await post(desk.http.url, headers, '{not json');
      expect(answer.status).toBe(400);
      expect(codeOf(answer.text)).toBe(-32700);
    }
  });

  it('-32600 for a request before initialize, -32001 for a session that is not there', async () => {
    const early = await post(desk.http.url, {}, TOOLS_LIST);
    expect([early.status, codeOf(early.text)]).toEqual([400, -32600]);
    const gone = await post(desk.http.url, { 'mcp-session-id': 'gone' }, TOOLS_LIST);
    expect([gone.status, codeOf(gone.text)]).toEqual([404, -32001]);
    expect(codeOf((await post(desk.http.url, { 'content-type': 'text/plain' }, INIT)).text)).toBe(-32000);
  });

  it('-32002 for a resource that does not exist in 2025-11-25 (v1 and v2 clients), -32602 in 2026-07-28', async () => {
    const v1 = await connect(desk.http.url);
    open({ close: () => v1.client.close() });
    await expect(v1.client.readResource({ uri: MISSING })).rejects.toMatchObject({ code: -32002 });
    const v2 = new V2Client({ name: 'v2-legacy', version: '1' });
    await v2.connect(new V2Transport(new URL(desk.http.url)));
    open(v2);
    // The v2 client reads -32002 and -32602 alike as a ResourceNotFoundError: the wire is read by hand.
    await expect(v2.readResource({ uri: MISSING })).rejects.toMatchObject({ uri: MISSING });
    const session = sessionOf(
      await post(desk.http.url, {}, { ...INIT, params: { ...INIT.params, protocolVersion: '2025-11-25' } }),
    );
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    await post(desk.http.url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const read = { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: MISSING } };
    expect(codeOf((await post(desk.http.url, headers, read)).text)).toBe(-32002);
    const modern = open(await modernClient(desk.http.url));
    await expect(modern.readResource({ uri: MISSING })).rejects.toMatchObject({ code: -32602 });
    const { headers: modernHeaders, body } = modernRequest(4, 'resources/read', { uri: MISSING });
    expect(codeOf((await post(desk.http.url, modernHeaders, body)).text)).toBe(-32602);
  });
});

import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApprovalChannel, Ticket } from '../../src/core/gate/index.js';
import type { McpDeps } from '../../src/mcp/deps.js';
import { createMcpService } from '../../src/mcp/server.js';
import { type HttpHandle, type HttpOptions, startHttpServer } from '../../src/mcp/transports/http.js';
import { type GateHarness, startGate } from '../core/gate/harness.js';
import { depsFor } from './harness.js';
import { connect, openStream, post, sessionOf } from './http-client.js';

const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

let g: GateHarness;
let deps: McpDeps;
const opened: HttpHandle[] = [];
const streams: { close(): void }[] = [];
beforeAll(async () => {
  g = await startGate();
  deps = depsFor(g, { readOnly: true });
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await Promise.allSettled(opened.splice(0).map((h) => h.close()));
});
afterAll(() => g.close());

async function serve(o: Partial<HttpOptions> = {}): Promise<HttpHandle> {
  const handle = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [],
    service: createMcpService(deps),
    ...o,
  });
  opened.push(handle);
  return handle;
}

/** A session with its GET stream open (so busy), as a connected client keeps one; closed after the test. */
async function busySession(url: string): Promise<{ id: string; close(): void }> {
  const id = sessionOf(await post(url, {}));
  const stream = await openStream(url, id);
  expect(stream.status).toBe(200);
  streams.push(stream);
  return { id, close: stream.close };
}

/** A POST in an existing session, raw. */
function inSession(url: string, id: string, body: unknown = TOOLS_LIST) {
  return post(url, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, body);
}

/** A POST in a session whose connection is cut once the answer's stream has begun. */
function postThenHangUp(url: string, id: string, body: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': id,
      'mcp-protocol-version': '2025-06-18',
    };
    const req = request(url, { method: 'POST', headers }, (res) => {
      expect(res.statusCode).toBe(200);
      req.destroy();
      resolve();
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(JSON.stringify(body));
  });
}

/** A manual clock and sweep timer for the session table. */
function manualTime() {
  const t = { now: 1_000_000, tick: (): void => undefined, periodMs: 0 };
  const options = {
    now: () => t.now,
    every: (ms: number, tick: () => void) => {
      t.periodMs = ms;
      t.tick = tick;
      return () => undefined;
    },
  };
  return { t, options };
}

/**
 * A server whose orders wait for an approver on Discord (a channel that only records the cards), one
 * session in it, and a place_order call (JSON-RPC id `requestId`) whose connection was cut once its card
 * was posted: the call goes on waiting for a person.
 */
async function callWaitingOnDiscord(requestId: number, o: Partial<HttpOptions> = {}) {
  const posted: Ticket[] = [];
  const approvals: ApprovalChannel = {
    name: 'discord',
    async post(ticket) {
      posted.push(ticket);
    },
  };
  const placing = depsFor(g, { confirm: 'discord', approvalChannel: approvals });
  const { t, options } = manualTime();
  const http = await serve({ ...o, service: createMcpService(placing), ...options });
  const id = sessionOf(await post(http.url, {}));
  expect((await inSession(http.url, id, INITIALIZED)).status).toBe(202);
  const order = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
  const call = {
    jsonrpc: '2.0',
    id: requestId,
    method: 'tools/call',
    params: { name: 'place_order', arguments: order },
  };
  await postThenHangUp(http.url, id, call);
  await vi.waitFor(() => expect(posted).toHaveLength(1));
  return { http, t, id, posted };
}

describe('MCP HTTP sessions', () => {
  it('admits a new client after 200 clients opened sessions and vanished without DELETE', async () => {
    const http = await serve();
    for (let batch = 0; batch < 25; batch += 1) {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const { client } = await connect(http.url);
          // Gone without terminateSession: the GET stream drops, the session stays until evicted.
          await client.close();
        }),
      );
    }
    expect(http.sessions()).toBeLessThanOrEqual(64);
    const { client } = await connect(http.url);
    const result = await client.callTool({ name: 'search_instruments', arguments: { query: 'RELIANCE' } });
    expect(result.isError).toBeFalsy();
    expect(http.sessions()).toBeLessThanOrEqual(64);
    await client.close();
  });

  it('evicts the least recently used idle session to admit a new one, and that session then answers 404', async () => {
    const http = await serve({ maxSessions: 2 });
    const older = sessionOf(await post(http.url, {}));
    const newer = sessionOf(await post(http.url, {}));
    expect((await inSession(http.url, newer, INITIALIZED)).status).toBe(202);
    const third = await post(http.url, {});
    expect(third.status).toBe(200);
    expect(http.sessions()).toBe(2);
    expect((await inSession(http.url, older)).status).toBe(404);
    expect((await inSession(http.url, newer)).status).toBe(200);
  });

  it('answers 503 with Retry-After only while every session has a request or stream in flight', async () => {
    const http = await serve({ maxSessions: 2 });
    const first = await busySession(http.url);
    const second = await busySession(http.url);
    const refused = await post(http.url, {});
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toMatchObject({ jsonrpc: '2.0', error: { message: /busy/ } });
    // The first client goes away without DELETE: its stream closes, its session turns idle.
    first.close();
    await vi.waitFor(async () => expect((await post(http.url, {})).status).toBe(200), { timeout: 5_000 });
    expect(http.sessions()).toBe(2);
    expect((await inSession(http.url, first.id)).status).toBe(404);
    expect((await inSession(http.url, second.id)).status).toBe(200);
  });

  it('expires sessions idle for 30 minutes on its timer, keeping those with a stream open', async () => {
    const { t, options } = manualTime();
    const http = await serve(options);
    const idle = sessionOf(await post(http.url, {}));
    const busy = await busySession(http.url);
    expect(http.sessions()).toBe(2);
    expect(t.periodMs).toBeLessThanOrEqual(60_000);
    t.now += 29 * 60_000;
    t.tick();
    expect(http.sessions()).toBe(2);
    t.now += 60_000 + 1;
    t.tick();
    expect(http.sessions()).toBe(1);
    expect((await inSession(http.url, idle)).status).toBe(404);
    expect((await inSession(http.url, busy.id)).status).toBe(200);
  });

  it('never holds more sessions than the limit under a burst of concurrent initializes', async () => {
    const http = await serve({ maxSessions: 4 });
    const answers = await Promise.all(Array.from({ length: 16 }, () => post(http.url, {})));
    for (const a of answers) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.headers['retry-after']).toBeDefined();
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(4);
    expect(http.sessions()).toBeLessThanOrEqual(4);
    const live = await Promise.all(answers.map((a) => inSession(http.url, sessionOf(a))));
    expect(live.filter((a) => a.status === 200).length).toBeLessThanOrEqual(4);
  });

  it('keeps a session whose call waits for a person after its stream dropped: another idle one makes room', async () => {
    const { http, t, id: waiting, posted } = await callWaitingOnDiscord(7, { maxSessions: 2 });
    t.now += 60_000;
    const idle = sessionOf(await post(http.url, {}));
    expect((await inSession(http.url, idle, INITIALIZED)).status).toBe(202);
    // The table is full: the new client takes the idle session's place, not the one a person may answer.
    expect((await post(http.url, {})).status).toBe(200);
    expect((await inSession(http.url, idle)).status).toBe(404);
    // Nor does the sweep take it, however long the person takes.
    t.now += 31 * 60_000;
    t.tick();
    expect((await inSession(http.url, waiting)).status).toBe(200);
    // Once the person decided and the call answered, the session is idle like any other.
    await g.gate.decline(posted[0]?.id ?? '', { channel: 'discord', id: 'alice' }, 'not today');
    await vi.waitFor(() => {
      t.now += 31 * 60_000;
      t.tick();
      expect(http.sessions()).toBe(0);
    });
  });

  it('frees the session of a call its client cancelled (no answer is owed) and withdraws the waiting ticket', async () => {
    const { http, t, id, posted } = await callWaitingOnDiscord(9);
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 9, reason: 'stop' },
    };
    expect((await inSession(http.url, id, cancel)).status).toBe(202);
    await vi.waitFor(() => expect(g.gate.get(posted[0]?.id ?? '')?.status).toBe('DECLINED'));
    t.now += 31 * 60_000;
    t.tick();
    expect(http.sessions()).toBe(0);
  });
});

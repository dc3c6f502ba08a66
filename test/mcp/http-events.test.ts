import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApprovalChannel, Ticket } from '../../src/core/gate/index.js';
import { createMcpService } from '../../src/mcp/server.js';
import { EventBudget } from '../../src/mcp/transports/event-budget.js';
import { type HttpHandle, type HttpOptions, startHttpServer } from '../../src/mcp/transports/http.js';
import { ALICE, type GateHarness, startGate } from '../core/gate/harness.js';
import { depsFor } from './harness.js';
import { connect, INIT, openSse, post, sessionOf } from './http-client.js';

const VERSION = '2025-11-25';
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let g: GateHarness;
const posted: Ticket[] = [];
const opened: HttpHandle[] = [];
beforeAll(async () => {
  g = await startGate({}, { acceptWaitMs: 1_500 });
});
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((h) => h.close()));
});
afterAll(() => g.close());

/** omsdesk over HTTP whose orders wait for an approver on a channel that only records the cards. */
async function serve(o: Partial<HttpOptions> = {}): Promise<HttpHandle> {
  const approvals: ApprovalChannel = {
    name: 'discord',
    async post(ticket) {
      posted.push(ticket);
    },
  };
  const deps = depsFor(g, { confirm: 'discord', approvalChannel: approvals });
  const http = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [],
    service: createMcpService(deps),
    ...o,
  });
  opened.push(http);
  return http;
}

/** A raw 2025-11-25 session, initialized; its headers. */
async function session(url: string): Promise<Record<string, string>> {
  const init = await post(url, {}, { ...INIT, params: { ...INIT.params, protocolVersion: VERSION } });
  const headers = { 'mcp-session-id': sessionOf(init), 'mcp-protocol-version': VERSION };
  await post(url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
  return headers;
}

/**
 * A place_order call (JSON-RPC id `id`) whose stream drops once its card is posted, then declined: its
 * answer goes to no open connection and waits to be resumed. Resolves with the stream's first event id.
 */
async function answeredWhileAway(url: string, headers: Record<string, string>, id: number): Promise<string> {
  const before = posted.length;
  const call = await openSse(url, 'POST', headers, {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'place_order', arguments: ORDER },
  });
  const priming = await call.next();
  await vi.waitFor(() => expect(posted.length).toBe(before + 1));
  call.close();
  await g.gate.decline(posted[before]?.id ?? '', ALICE, 'not today');
  return priming?.id ?? '';
}

/** Sends DELETE for a session, as a client leaving says goodbye. */
function terminate(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'DELETE', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the sessions' resumable events", () => {
  it('keeps nothing of the calls whose answers went out on their open streams, however many', async () => {
    const events = new EventBudget();
    const http = await serve({ events });
    const { client } = await connect(http.url);
    for (let n = 0; n < 300; n += 1) {
      const result = await client.callTool({ name: 'search_instruments', arguments: { query: 'NIFTY' } });
      expect(result.isError).toBeFalsy();
    }
    await vi.waitFor(() => expect(events.events).toBe(0));
    expect(events.bytes).toBe(0);
    await client.close();
  });

  it('holds the answers that went to no open connection within its budget, the newest still resumable', async () => {
    const events = new EventBudget({ maxBytes: 6_000, maxEvents: 1_000 });
    const http = await serve({ events });
    const headers = await session(http.url);
    const firsts: string[] = [];
    for (let id = 10; id < 16; id += 1) {
      firsts.push(await answeredWhileAway(http.url, headers, id));
      expect(events.bytes).toBeLessThanOrEqual(6_000);
    }
    await vi.waitFor(() => expect(events.events).toBeGreaterThan(0));
    const oldest = await openSse(http.url, 'GET', { ...headers, 'last-event-id': firsts[0] ?? '' });
    expect(oldest.status).toBe(400);
    oldest.close();
    const newest = await openSse(http.url, 'GET', { ...headers, 'last-event-id': firsts.at(-1) ?? '' });
    expect(newest.status).toBe(200);
    const answer = JSON.parse((await newest.next())?.data ?? '{}') as { id?: number };
    expect(answer.id).toBe(15);
    // The resumed stream carried its answer to the end: nothing of it is kept any more.
    expect(await newest.next()).toBeUndefined();
    await vi.waitFor(async () => {
      const again = await openSse(http.url, 'GET', { ...headers, 'last-event-id': firsts.at(-1) ?? '' });
      again.close();
      expect(again.status).toBe(400);
    });
  });

  it('lets go of every event of a session its client closed with DELETE', async () => {
    const events = new EventBudget();
    const http = await serve({ events });
    const leaving = await session(http.url);
    const staying = await session(http.url);
    await answeredWhileAway(http.url, leaving, 20);
    await answeredWhileAway(http.url, staying, 21);
    await vi.waitFor(() => expect(events.events).toBe(4));
    const kept = events.bytes;
    expect(await terminate(http.url, leaving)).toBe(200);
    expect(events.events).toBe(2);
    expect(events.bytes).toBeLessThan(kept);
    expect(events.bytes).toBeGreaterThan(0);
  });

  it('lets go of the events of a session that expired idle, and of one evicted to make room', async () => {
    const clock = { now: 1_000_000, sweep: (): void => undefined };
    const events = new EventBudget();
    const http = await serve({
      events,
      maxSessions: 2,
      now: () => clock.now,
      every: (_ms, tick) => {
        clock.sweep = tick;
        return () => undefined;
      },
    });
    await answeredWhileAway(http.url, await session(http.url), 30);
    clock.now += 60_000;
    await answeredWhileAway(http.url, await session(http.url), 31);
    await vi.waitFor(() => expect(events.events).toBe(4));
    // A third client: the table is full, the least recently used idle session makes room.
    await session(http.url);
    await vi.waitFor(() => expect(events.events).toBe(2));
    clock.now += 31 * 60_000;
    clock.sweep();
    expect(http.sessions()).toBe(0);
    expect(events.events).toBe(0);
    expect(events.bytes).toBe(0);
  });
});

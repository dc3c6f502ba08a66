import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalChannel, Ticket } from '../../src/core/gate/index.js';
import { createMcpService } from '../../src/mcp/server.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/transports/http.js';
import { ALICE, type GateHarness, startGate } from '../core/gate/harness.js';
import { depsFor } from './harness.js';
import { INIT, openSse, post, type SseReader, sessionOf } from './http-client.js';

const VERSION = '2025-11-25';
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const CALL = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'place_order', arguments: ORDER, _meta: { progressToken: 'p1' } },
};

let g: GateHarness;
let http: HttpHandle;
const posted: Ticket[] = [];
beforeAll(async () => {
  g = await startGate({}, { acceptWaitMs: 1_500 });
  const channel: ApprovalChannel = {
    name: 'discord',
    async post(ticket) {
      posted.push(ticket);
    },
  };
  const deps = depsFor(g, {
    confirm: 'discord',
    approvalChannel: channel,
    timings: { progressIntervalMs: 5_000 },
  });
  http = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [],
    service: createMcpService(deps),
  });
});
afterAll(async () => {
  await http.close();
  await g.close();
});

/** Reads events until one carries data for which `match` holds. */
async function until(stream: SseReader, match: (message: Record<string, unknown>) => boolean) {
  for (;;) {
    const event = await stream.next();
    if (event === undefined) throw new Error('the stream ended first');
    if (event.data === '') continue;
    const message = JSON.parse(event.data) as Record<string, unknown>;
    if (match(message)) return { id: event.id, message };
  }
}

describe('resumable MCP streams', () => {
  it('gives the answer of a call whose stream dropped while an approver decided, to a client resuming with Last-Event-ID', async () => {
    const init = await post(http.url, {}, { ...INIT, params: { ...INIT.params, protocolVersion: VERSION } });
    const headers = { 'mcp-session-id': sessionOf(init), 'mcp-protocol-version': VERSION };
    await post(http.url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });

    const call = await openSse(http.url, 'POST', headers, CALL);
    const progress = await until(call, (m) => m.method === 'notifications/progress');
    expect(progress.id).toBeDefined();
    call.close();

    const ticket = posted.at(-1) as Ticket;
    await g.gate.approve(ticket.id, ALICE);

    const resumed = await openSse(http.url, 'GET', { ...headers, 'last-event-id': String(progress.id) });
    expect(resumed.status).toBe(200);
    const answer = await until(resumed, (m) => m.id === 7);
    resumed.close();
    const result = answer.message.result as { structuredContent: { status: string; orderNumbers: string[] } };
    expect(['PLACED', 'COMPLETE']).toContain(result.structuredContent.status);
    expect(result.structuredContent.orderNumbers).toHaveLength(1);
    expect(g.placements).toHaveLength(1);
  });

  it('refuses to resume from an event it does not hold, with 400', async () => {
    const init = await post(http.url, {}, { ...INIT, params: { ...INIT.params, protocolVersion: VERSION } });
    const headers = { 'mcp-session-id': sessionOf(init), 'mcp-protocol-version': VERSION };
    const resumed = await openSse(http.url, 'GET', { ...headers, 'last-event-id': '999999' });
    expect(resumed.status).toBe(400);
    resumed.close();
  });
});

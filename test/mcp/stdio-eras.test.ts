import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.js';
import { createMcpService } from '../../src/mcp/server.js';
import { serveStdio } from '../../src/mcp/transports/stdio.js';
import { startGate } from '../core/gate/harness.js';
import { depsFor } from './harness.js';
import { INIT, modernRequest } from './http-client.js';
import { closeAfterEach } from './modern-harness.js';

const open = closeAfterEach();
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

interface Answer {
  readonly id?: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/** omsdesk's stdio server on in-process pipes, spoken to by hand a line at a time. */
async function startStdio() {
  const g = await startGate({}, { acceptWaitMs: 1_500 });
  const service = createMcpService(depsFor(g, { confirm: 'auto' }));
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const handle = serveStdio(service, silentLogger, { stdin, stdout });
  const answers = new Map<number, (a: Answer) => void>();
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const a = JSON.parse(buffer.slice(0, end)) as Answer;
      buffer = buffer.slice(end + 1);
      if (a.id !== undefined) answers.get(a.id)?.(a);
    }
  });
  const write = (message: unknown): void => {
    stdin.write(`${JSON.stringify(message)}\n`);
  };
  return open({
    g,
    write,
    ask(message: { readonly id: number; readonly [key: string]: unknown }): Promise<Answer> {
      const answered = new Promise<Answer>((resolve) => answers.set(message.id, resolve));
      write(message);
      return answered;
    },
    async close() {
      await handle.close();
      service.close();
      await g.close();
    },
  });
}

/** A 2026-07-28 request naming `version` in its `_meta` instead (or nothing, with `undefined`). */
function naming(
  version: string | undefined,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
) {
  const { body } = modernRequest(id, method, params);
  const message = body as { id: number; params: { _meta: Record<string, unknown> } };
  if (version === undefined) return { ...message, params: { ...params } };
  message.params._meta['io.modelcontextprotocol/protocolVersion'] = version;
  return message;
}

describe('omsdesk over stdio checks the protocol version of each request', () => {
  it('refuses a later request naming an unknown version, and serves the next one in 2026-07-28', async () => {
    const s = await startStdio();
    expect((await s.ask(naming('2026-07-28', 1, 'tools/list'))).result?.tools).toBeDefined();
    for (const version of ['2099-01-01', '2025-11-25']) {
      const refused = await s.ask(
        naming(version, 2, 'tools/call', { name: 'get_quote', arguments: { instrument: 'RELIANCE' } }),
      );
      expect(refused.error?.code, version).toBe(-32022);
      expect(refused.error?.message).toContain(version);
    }
    expect((await s.ask(naming('2026-07-28', 3, 'tools/list'))).result?.resultType).toBe('complete');
  });

  it('stays on 2026-07-28 when a request without _meta follows server/discover', async () => {
    const s = await startStdio();
    expect((await s.ask(naming('2026-07-28', 1, 'server/discover'))).result).toBeDefined();
    const bare = await s.ask(naming(undefined, 2, 'tools/call', { name: 'place_order', arguments: ORDER }));
    expect(bare.error?.code).toBe(-32602);
    expect(bare.error?.message).toMatch(/_meta/);
    s.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(await s.g.client.getOrderBook()).toHaveLength(0);
    // Still 2026-07-28: its results carry that revision's resultType, which 2025-11-25 has not.
    expect((await s.ask(naming('2026-07-28', 3, 'tools/list'))).result?.resultType).toBe('complete');
  });

  it('on 2025-11-25, refuses a request naming another version, and answers a missing resource with -32002', async () => {
    const s = await startStdio();
    expect(
      (await s.ask({ ...INIT, params: { ...INIT.params, protocolVersion: '2025-11-25' } })).result,
    ).toBeDefined();
    s.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (const [id, version] of [
      [4, '2099-01-01'],
      [5, '2026-07-28'],
    ] as const)
      expect((await s.ask(naming(version, id, 'tools/list'))).error?.code, version).toBe(-32022);
    expect((await s.ask({ jsonrpc: '2.0', id: 6, method: 'tools/list' })).result?.tools).toBeDefined();
    const missing = await s.ask({
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: 'omsdesk://tickets/T-NOPE' },
    });
    expect(missing.error?.code).toBe(-32002);
  });
});

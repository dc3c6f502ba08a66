import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const SLOW_PATHS = ['/apiV2/getQuotes', '/api/timePriceSeries', '/apiV2/holdings', '/api/V3/limit'];

describe('an approved order among slow reads', () => {
  it('is re-checked, sent and followed while 9 of people’s reads wait on a slow broker', async () => {
    // Reads wait as long as the broker keeps them: none gives up and frees a connection by itself.
    g = await startGate({}, { proxy: true, clientTimeouts: { headersMs: 60_000, requestMs: 60_000 } });
    const proxy = g.proxy;
    if (proxy === undefined) throw new Error('the harness has no proxy');
    const t = await g.gate.preview(
      {
        kind: 'single',
        order: { instrument: 'NSE:RELIANCE-EQ', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
      },
      MODEL,
    );
    expect(t.status).toBe('PENDING');
    // The broker keeps every read of other instruments, candles, holdings and limits without an answer.
    proxy.hold((path, body) => SLOW_PATHS.includes(path) && body.token !== '2885');
    const people = g.client.as({ asker: 'discord:bob' });
    const window = (m: number) => ({
      exchange: 'NSE' as const,
      token: '1594',
      from: `2026-11-20T09:${15 + m}:00+05:30`,
      to: `2026-11-20T09:${16 + m}:00+05:30`,
    });
    const slow = [
      ...['11536', '1594', '1333'].map((token) => people.getQuote({ exchange: 'NSE', token })),
      ...[0, 2, 4].map((m) => people.getCandles(window(m))),
      people.getHoldings(),
      people.getLimits(),
      g.client.as({ asker: 'mcp:model' }).getHoldings(),
    ].map((p) => p.catch((error: unknown) => error));
    let answered = 0;
    for (const read of slow) void read.finally(() => (answered += 1));
    await proxy.until(() => proxy.held() >= 8);
    const done = await g.gate.approve(t.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
    expect(proxy.count('/apiV2/placeOrder')).toBe(1);
    expect(answered).toBe(0);
    proxy.release();
    await Promise.all(slow);
  });
});

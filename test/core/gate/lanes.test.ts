import { afterEach, describe, expect, it } from 'vitest';
import { slowReads } from '../../helpers/slow-reads.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

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
    const slow = await slowReads(proxy, g.client);
    let answered = 0;
    for (const read of slow) void read.finally(() => (answered += 1));
    const done = await g.gate.approve(t.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
    expect(proxy.count('/apiV2/placeOrder')).toBe(1);
    expect(answered).toBe(0);
    proxy.release();
    await Promise.all(slow);
  });
});

import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { BoundedEventStore } from '../../src/mcp/transports/events.js';

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});

async function replay(store: BoundedEventStore, after: string): Promise<number[]> {
  const seen: number[] = [];
  await store.replayEventsAfter(after, {
    send: async (_id, message) => {
      seen.push((message as unknown as { params: { progress: number } }).params.progress);
    },
  });
  return seen;
}

describe('the bounded event store', () => {
  it('replays the events of the same stream after the one named, in order', async () => {
    const store = new BoundedEventStore();
    const first = await store.storeEvent('a', note(1));
    await store.storeEvent('b', note(100));
    await store.storeEvent('a', note(2));
    await store.storeEvent('a', note(3));
    expect(await replay(store, first)).toEqual([2, 3]);
    expect(await store.getStreamIdForEventId(first)).toBe('a');
  });

  it('keeps at most the per-stream bound, forgetting the oldest, and refuses to resume from a forgotten event', async () => {
    const store = new BoundedEventStore({ perStream: 3, total: 100, totalChars: 1_000_000 });
    const ids = [];
    for (let n = 1; n <= 5; n += 1) ids.push(await store.storeEvent('a', note(n)));
    expect(store.size).toBe(3);
    expect(await replay(store, ids[2] as string)).toEqual([4, 5]);
    expect(await store.getStreamIdForEventId(ids[0] as string)).toBeUndefined();
    await expect(replay(store, ids[0] as string)).rejects.toThrow(/no longer kept/);
  });

  it('keeps at most the total bound in count and in size across streams, forgetting the oldest', async () => {
    const byCount = new BoundedEventStore({ perStream: 100, total: 4, totalChars: 1_000_000 });
    for (let n = 1; n <= 10; n += 1) await byCount.storeEvent(n % 2 === 0 ? 'a' : 'b', note(n));
    expect(byCount.size).toBe(4);
    const size = JSON.stringify(note(1)).length;
    const bySize = new BoundedEventStore({ perStream: 100, total: 100, totalChars: size * 3 });
    for (let n = 1; n <= 10; n += 1) await bySize.storeEvent('a', note(n));
    expect(bySize.size).toBeLessThanOrEqual(3);
    expect(bySize.size).toBeGreaterThanOrEqual(2);
  });
});

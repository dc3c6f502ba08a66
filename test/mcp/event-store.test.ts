import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { EventBudget } from '../../src/mcp/transports/event-budget.js';
import { type EventLimits, SessionEvents } from '../../src/mcp/transports/events.js';

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});
const answer = (id: number, text = 'done'): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }] },
});
const bytesOf = (m: JSONRPCMessage): number => Buffer.byteLength(JSON.stringify(m));

/** A store on a manual clock, with its own budget unless given one. */
function store(o: { budget?: EventBudget; limits?: Partial<EventLimits> } = {}) {
  const clock = { now: 0 };
  const budget = o.budget ?? new EventBudget();
  const events = new SessionEvents(budget, () => clock.now, {
    perStream: 200,
    resumeMs: 60_000,
    ...o.limits,
  });
  return { events, budget, clock };
}

async function replay(events: SessionEvents, after: string): Promise<unknown[]> {
  const seen: unknown[] = [];
  await events.replayEventsAfter(after, {
    send: async (_id, message) => {
      const m = message as { params?: { progress: number }; id?: number };
      seen.push(m.params?.progress ?? `answer ${m.id}`);
    },
  });
  return seen;
}

describe('the session event store', () => {
  it('replays the events of the same stream after the one named, in order, as they were sent', async () => {
    const { events } = store();
    const first = await events.storeEvent('a', note(1));
    await events.storeEvent('b', note(100));
    await events.storeEvent('a', note(2));
    await events.storeEvent('a', answer(7));
    expect(await replay(events, first)).toEqual([2, 'answer 7']);
    expect(await events.getStreamIdForEventId(first)).toBe('a');
  });

  it('keeps at most the per-stream bound, forgetting the oldest, and refuses to resume from a forgotten event', async () => {
    const { events, budget } = store({ limits: { perStream: 3 } });
    const ids = [];
    for (let n = 1; n <= 5; n += 1) ids.push(await events.storeEvent('a', note(n)));
    expect(events.size).toBe(3);
    expect(budget.events).toBe(3);
    expect(await replay(events, ids[2] as string)).toEqual([4, 5]);
    expect(await events.getStreamIdForEventId(ids[0] as string)).toBeUndefined();
    await expect(replay(events, ids[0] as string)).rejects.toThrow(/no longer kept/);
  });

  it('drops a stream once the response that carried its request ended, and keeps the streams still owed', async () => {
    const { events, budget } = store();
    await events.storeEvent('a', {} as JSONRPCMessage);
    await events.storeEvent('a', note(1));
    await events.storeEvent('a', answer(1));
    const waiting = await events.storeEvent('b', note(1));
    events.delivered([1]);
    expect(events.size).toBe(1);
    expect(await events.getStreamIdForEventId(waiting)).toBe('b');
    expect(budget.events).toBe(1);
    expect(budget.bytes).toBe(bytesOf(note(1)));
  });

  it('keeps nothing for a response that ended before its request was answered (the answer may still come)', async () => {
    const { events } = store();
    const progress = await events.storeEvent('a', note(1));
    events.delivered([1]);
    expect(await events.getStreamIdForEventId(progress)).toBe('a');
  });

  it('keeps a call waiting for a person however long, then its undelivered answer for resumeMs after it came', async () => {
    const { events, clock } = store({ limits: { resumeMs: 60_000 } });
    const progress = await events.storeEvent('a', note(1));
    clock.now += 30 * 60_000;
    events.expire();
    expect(await events.getStreamIdForEventId(progress)).toBe('a');
    await events.storeEvent('a', answer(3));
    clock.now += 59_999;
    events.expire();
    expect(await replay(events, progress)).toEqual(['answer 3']);
    clock.now += 1;
    events.expire();
    expect(events.size).toBe(0);
    await expect(replay(events, progress)).rejects.toThrow(/no longer kept/);
  });

  it('drops a resumed stream once the resuming response carried its answer to the end, not before its answer', async () => {
    const { events } = store();
    const progress = await events.storeEvent('a', note(1));
    events.delivered([], 'a');
    expect(events.size).toBe(1);
    await events.storeEvent('a', answer(4));
    events.delivered([], events.streamOf(progress));
    expect(events.size).toBe(0);
  });

  it('lets go of everything when its session closes, and keeps nothing sent after', async () => {
    const budget = new EventBudget();
    const closing = store({ budget }).events;
    const other = store({ budget }).events;
    await closing.storeEvent('a', note(1));
    await closing.storeEvent('b', answer(2));
    const kept = await other.storeEvent('a', note(1));
    closing.clear();
    expect(closing.size).toBe(0);
    await closing.storeEvent('c', answer(5));
    expect(closing.size).toBe(0);
    expect(budget.events).toBe(1);
    expect(budget.bytes).toBe(bytesOf(note(1)));
    expect(await other.getStreamIdForEventId(kept)).toBe('a');
  });
});

describe('the event budget shared by all sessions', () => {
  it('counts bytes of serialized JSON (UTF-8), not characters or objects', async () => {
    const { events, budget } = store();
    const text = answer(1, 'नमस्ते ₹ 24,000');
    await events.storeEvent('a', text);
    expect(budget.bytes).toBe(Buffer.byteLength(JSON.stringify(text), 'utf8'));
    expect(budget.bytes).toBeGreaterThan(JSON.stringify(text).length);
  });

  it('evicts the oldest event of any session first when its bytes are spent', async () => {
    const size = bytesOf(note(1));
    const budget = new EventBudget({ maxBytes: size * 3, maxEvents: 100 });
    const one = store({ budget }).events;
    const two = store({ budget }).events;
    const oldest = await one.storeEvent('a', note(1));
    const second = await two.storeEvent('a', note(2));
    await one.storeEvent('b', note(3));
    await two.storeEvent('b', note(4));
    expect(budget.bytes).toBeLessThanOrEqual(size * 3);
    expect(budget.events).toBe(3);
    expect(await one.getStreamIdForEventId(oldest)).toBeUndefined();
    expect(await two.getStreamIdForEventId(second)).toBe('a');
    expect(one.size + two.size).toBe(3);
  });

  it('bounds the count of events too, however small they are', async () => {
    const budget = new EventBudget({ maxBytes: 1024 * 1024, maxEvents: 5 });
    const sessions = [store({ budget }).events, store({ budget }).events];
    for (let n = 0; n < 40; n += 1) await sessions[n % 2]?.storeEvent(`s${n}`, {} as JSONRPCMessage);
    expect(budget.events).toBe(5);
    expect(budget.bytes).toBe(10);
    expect((sessions[0]?.size ?? 0) + (sessions[1]?.size ?? 0)).toBe(5);
  });

  it('holds no event larger than the whole budget, and keeps what it held before', async () => {
    const budget = new EventBudget({ maxBytes: 200, maxEvents: 100 });
    const { events } = store({ budget });
    const small = await events.storeEvent('a', note(1));
    const huge = await events.storeEvent('b', answer(1, 'x'.repeat(500)));
    expect(await events.getStreamIdForEventId(huge)).toBeUndefined();
    expect(await events.getStreamIdForEventId(small)).toBe('a');
    expect(budget.bytes).toBe(bytesOf(note(1)));
    expect(events.size).toBe(1);
  });
});

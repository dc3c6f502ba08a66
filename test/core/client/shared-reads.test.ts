import { describe, expect, it } from 'vitest';
import { type ReadResult, SharedReads } from '../../../src/core/client/shared-reads.js';
import { FakeClock, flush } from '../support/fake-clock.js';

const QUOTE = { kind: 'quotes', key: 'NSE|2885' } as const;
const BOOK = { kind: 'books', key: 'orders|' } as const;

/** Reads that resolve when the test says, each counted with the signal it was given. */
function broker(clock: FakeClock) {
  const started: Array<{ signal: AbortSignal; answer: (value: string) => void; fail: (e: Error) => void }> =
    [];
  const start = (signal: AbortSignal) =>
    new Promise<ReadResult<string>>((resolve, reject) => {
      const sentAt = clock.now();
      started.push({ signal, answer: (value) => resolve({ value, sentAt }), fail: reject });
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { started, start };
}

const people = (deadlineAt = 30_000, signal?: AbortSignal) => ({ fresh: false, deadlineAt, signal });

describe('shared reads', () => {
  it('joins identical reads in flight and answers every asker with the one answer', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 0, books: 0, limits: 0, security: 0 });
    const b = broker(clock);
    const asks = [1, 2, 3].map(() => shared.read(QUOTE, people(), b.start));
    b.started[0]?.answer('q');
    expect(await Promise.all(asks)).toEqual(['q', 'q', 'q']);
    expect(b.started).toHaveLength(1);
    // Window 0: nothing is given again once the read is over.
    void shared.read(QUOTE, people(), b.start);
    expect(b.started).toHaveLength(2);
  });

  it("gives an answer again for its kind's window, counted from when its request left", async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 1_500, limits: 0, security: 0 });
    const b = broker(clock);
    const first = shared.read(QUOTE, people(), b.start);
    await clock.advance(200);
    b.started[0]?.answer('q1');
    await first;
    await clock.advance(550);
    expect(await shared.read(QUOTE, people(), b.start)).toBe('q1');
    await clock.advance(1);
    void shared.read(QUOTE, people(), b.start);
    expect(b.started).toHaveLength(2);
  });

  it('keeps a read going while any asker waits for it, and stops it once all left', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 0, limits: 0, security: 0 });
    const b = broker(clock);
    const [one, two] = [new AbortController(), new AbortController()];
    const a1 = shared.read(QUOTE, people(30_000, one.signal), b.start);
    const a2 = shared.read(QUOTE, people(30_000, two.signal), b.start);
    one.abort(new Error('gone'));
    await expect(a1).rejects.toThrow('gone');
    expect(b.started[0]?.signal.aborted).toBe(false);
    two.abort(new Error('gone too'));
    await expect(a2).rejects.toThrow('gone too');
    expect(b.started[0]?.signal.aborted).toBe(true);
    // A later asker starts afresh rather than joining the read everyone left.
    void shared.read(QUOTE, people(), b.start);
    expect(b.started).toHaveLength(2);
  });

  it('does not join a read that may give up before the asker would', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 0, limits: 0, security: 0 });
    const b = broker(clock);
    void shared.read(QUOTE, people(5_000), b.start);
    void shared.read(QUOTE, people(30_000), b.start);
    void shared.read(QUOTE, people(4_000), b.start);
    expect(b.started).toHaveLength(2);
  });

  it('never gives a fresh reader what is shared, yet keeps its answer for people', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 1_500, limits: 0, security: 0 });
    const b = broker(clock);
    const mine = shared.read(BOOK, people(), b.start);
    await clock.advance(10);
    const check = shared.read(BOOK, { fresh: true, deadlineAt: 30_000, signal: undefined }, b.start);
    expect(b.started).toHaveLength(2);
    b.started[1]?.answer('fresh');
    // The older read's answer comes last: the fresher one stays what people are given.
    b.started[0]?.answer('older');
    expect([await mine, await check]).toEqual(['older', 'fresh']);
    expect(await shared.read(BOOK, people(), b.start)).toBe('fresh');
  });

  it('forgets books once an order was sent, and keeps no answer asked for before that', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 1_500, limits: 0, security: 0 });
    const b = broker(clock);
    const before = shared.read(BOOK, people(), b.start);
    await clock.advance(10);
    shared.forget(['books']);
    b.started[0]?.answer('before the order');
    await before;
    const after = shared.read(BOOK, people(), b.start);
    expect(b.started).toHaveLength(2);
    b.started[1]?.answer('after');
    expect(await after).toBe('after');
    await flush();
    expect(await shared.read(BOOK, people(), b.start)).toBe('after');
  });

  it('drops answers past their window once many are kept, so abandoned ones do not pile up', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const shared = new SharedReads(clock, { quotes: 750, books: 0, limits: 0, security: 600_000 });
    const read = (kind: 'quotes' | 'security', key: string) =>
      shared.read({ kind, key }, people(), async () => ({ value: key, sentAt: clock.now() }));
    await read('security', 'info|NSE|2885');
    for (let i = 0; i < 150; i += 1) await read('quotes', `candles|${i}`);
    expect(shared.size).toBe(151);
    await clock.advance(751);
    await read('quotes', 'candles|new');
    // The old candle windows were dropped; the security info, still inside its window, stays.
    expect(shared.size).toBe(2);
    const b = broker(clock);
    expect(await shared.read({ kind: 'security', key: 'info|NSE|2885' }, people(), b.start)).toBe(
      'info|NSE|2885',
    );
    expect(b.started).toHaveLength(0);
  });
});

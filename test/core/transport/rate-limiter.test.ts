import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import { DEFAULT_LANE_RESERVES, type LaneReserves } from '../../../src/core/transport/lanes.js';
import {
  CLIENT_RATE_LIMITS,
  createRateLimiter,
  type RateLimitOptions,
  type RateSlot,
  SlotBeyondDeadline,
  type SlotRequest,
} from '../../../src/core/transport/rate-limiter.js';
import type { RateCategory } from '../../../src/core/vocabulary/index.js';
import { FakeClock, flush } from '../support/fake-clock.js';

/** A limiter on a manual clock that records when each named request got its slot. */
function lane(
  options: RateLimitOptions = {},
  wrap: (clock: FakeClock) => Clock = (c) => c,
  reserves: LaneReserves = {},
) {
  const clock = new FakeClock({ auto: false, start: 0 });
  const limiter = createRateLimiter(wrap(clock), options, reserves);
  const granted: string[] = [];
  const slots = new Map<string, RateSlot>();
  const ask = (name: string, category: RateCategory = 'quotes', opts: SlotRequest = {}) =>
    limiter.acquire(category, opts).then((slot) => {
      granted.push(`${name}@${clock.now()}`);
      slots.set(name, slot);
    });
  /** The named request's answer arrives now. */
  const answer = (...names: string[]) => {
    for (const name of names) slots.get(name)?.release();
  };
  return { clock, limiter, granted, ask, answer };
}

describe('rate limiter', () => {
  it('stays a margin inside the published limits by default: the same count per a window 20 % longer', () => {
    expect(CLIENT_RATE_LIMITS).toEqual({
      quotes: { limit: 3, windowMs: 1200 },
      candles: { limit: 3, windowMs: 1200 },
      others: { limit: 10, windowMs: 1200 },
      orders: { limit: 200, windowMs: 72_000 },
    });
  });

  it('lets 3 quotes through at once and starts the 4th a window after the first answer', async () => {
    const l = lane();
    for (const name of ['a', 'b', 'c', 'd']) void l.ask(name);
    await flush();
    expect(l.granted).toEqual(['a@0', 'b@0', 'c@0']);
    l.answer('a', 'b', 'c');
    await l.clock.advance(1199);
    expect(l.granted).toHaveLength(3);
    await l.clock.advance(1);
    expect(l.granted).toEqual(['a@0', 'b@0', 'c@0', 'd@1200']);
  });

  it('measures the window from the answer, not the send: a slow round trip pushes the next slot back', async () => {
    const l = lane({ quotes: { limit: 2, windowMs: 1000 } });
    void l.ask('a');
    void l.ask('b');
    void l.ask('c');
    await l.clock.advance(250);
    l.answer('a', 'b');
    await l.clock.advance(999);
    expect(l.granted).toEqual(['a@0', 'b@0']);
    await l.clock.advance(1);
    expect(l.granted).toEqual(['a@0', 'b@0', 'c@1250']);
  });

  it('keeps a slot while its request has no answer, however long that takes', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1000 } });
    void l.ask('a');
    void l.ask('b');
    await l.clock.advance(30_000);
    expect(l.granted).toEqual(['a@0']);
    l.answer('a');
    await l.clock.advance(1000);
    expect(l.granted).toEqual(['a@0', 'b@31000']);
  });

  it('serves waiters in arrival order, each as soon as a slot frees, without polling', async () => {
    const l = lane({ others: { limit: 2, windowMs: 100 } });
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      void l.ask(name, 'others').then(() => l.answer(name));
    }
    await l.clock.advance(300);
    expect(l.granted).toEqual(['a@0', 'b@0', 'c@100', 'd@100', 'e@200']);
    expect(l.clock.sleeps).toEqual([100, 100]);
  });

  it('never lets a request out early when a timer fires a millisecond before its time', async () => {
    const early = (clock: FakeClock): Clock => ({
      now: () => clock.now(),
      sleep: (ms, signal) => clock.sleep(ms > 1 ? ms - 1 : ms, signal),
    });
    const l = lane({ quotes: { limit: 1, windowMs: 1000 } }, early);
    void l.ask('a').then(() => l.answer('a'));
    void l.ask('b');
    await l.clock.advance(999);
    expect(l.granted).toEqual(['a@0']);
    await l.clock.advance(1);
    expect(l.granted).toEqual(['a@0', 'b@1000']);
  });

  it('keeps categories apart', async () => {
    const l = lane();
    for (let i = 0; i < 200; i += 1) void l.ask(`o${i}`, 'orders');
    for (let i = 0; i < 10; i += 1) void l.ask(`x${i}`, 'others');
    void l.ask('q');
    void l.ask('o200', 'orders');
    await flush();
    expect(l.granted).toHaveLength(211);
    expect(l.granted).not.toContain('o200@0');
  });

  it('holds a category until the time the broker asked for', async () => {
    const l = lane();
    l.limiter.holdUntil('quotes', 2000);
    void l.ask('a');
    void l.ask('x', 'others');
    await l.clock.advance(1999);
    expect(l.granted).toEqual(['x@0']);
    await l.clock.advance(1);
    expect(l.granted).toEqual(['x@0', 'a@2000']);
  });

  it('gives the place in the queue back when a waiter aborts', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1000 } });
    await l.ask('a');
    l.answer('a');
    const controller = new AbortController();
    const aborted = l.limiter.acquire('quotes', { signal: controller.signal });
    void l.ask('b');
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    await l.clock.advance(1000);
    expect(l.granted).toEqual(['a@0', 'b@1000']);
  });

  it('refuses at once, without taking a slot, when the slot cannot come before the deadline', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1000 } });
    await l.ask('a');
    // Still in flight: its slot frees no sooner than a window from now.
    await expect(l.limiter.acquire('quotes', { deadlineAt: 999 })).rejects.toEqual(
      new SlotBeyondDeadline(1000),
    );
    l.answer('a');
    await l.clock.advance(400);
    await expect(l.limiter.acquire('quotes', { deadlineAt: 999 })).rejects.toEqual(
      new SlotBeyondDeadline(600),
    );
    void l.ask('b', 'quotes', { deadlineAt: 1000 });
    await l.clock.advance(600);
    expect(l.granted).toEqual(['a@0', 'b@1000']);
  });

  it('refuses a waiter as soon as its slot can no longer come in time, before any answer says so', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1000 } });
    await l.ask('a');
    let refused: unknown;
    void l.limiter.acquire('quotes', { deadlineAt: 1500 }).catch((error: unknown) => {
      refused = error;
    });
    void l.ask('c');
    // While a's answer may still come now, b's slot (a window after it) is in time.
    await l.clock.advance(500);
    expect(refused).toBeUndefined();
    await l.clock.advance(1);
    expect(refused).toEqual(new SlotBeyondDeadline(1000));
    await l.clock.advance(1499);
    l.answer('a');
    await l.clock.advance(1000);
    expect(l.granted).toEqual(['a@0', 'c@3000']);
  });

  it('does nothing when disabled, globally or per category', async () => {
    const l = lane(false);
    const quotesOff = createRateLimiter(l.clock, { quotes: false });
    for (let i = 0; i < 50; i += 1) {
      await l.ask(`q${i}`);
      await quotesOff.acquire('quotes');
    }
    expect(l.granted).toHaveLength(50);
    expect(l.clock.sleeps).toEqual([]);
  });
});

describe('rate limiter lanes', () => {
  it("keeps a lane's reserve for it: people never take it, and it takes a shared slot nobody waits for", async () => {
    const l = lane({}, undefined, DEFAULT_LANE_RESERVES);
    for (const name of ['p1', 'p2', 'p3']) void l.ask(name, 'quotes', { lane: 'people' });
    await flush();
    // People share 2 of the 3 quote slots; the third is the placement lane's.
    expect(l.granted).toEqual(['p1@0', 'p2@0']);
    void l.ask('check', 'quotes', { lane: 'placement' });
    await flush();
    expect(l.granted).toEqual(['p1@0', 'p2@0', 'check@0']);
    l.answer('p1', 'p2', 'check');
    await l.clock.advance(1_200);
    expect(l.granted).toEqual(['p1@0', 'p2@0', 'check@0', 'p3@1200']);
    // With people's slots free and nobody waiting for them, the placement lane may use them too.
    l.answer('p3');
    await l.clock.advance(1_200);
    for (const name of ['c1', 'c2', 'c3']) void l.ask(name, 'quotes', { lane: 'placement' });
    await flush();
    expect(l.granted.slice(4)).toEqual(['c1@2400', 'c2@2400', 'c3@2400']);
  });

  it("keeps the watcher's two reads a look out of people's way", async () => {
    const l = lane({}, undefined, DEFAULT_LANE_RESERVES);
    for (let i = 0; i < 8; i += 1) void l.ask(`p${i}`, 'others', { lane: 'people' });
    void l.ask('book', 'others', { lane: 'watcher' });
    void l.ask('trades', 'others', { lane: 'watcher' });
    await flush();
    expect(l.granted).toEqual(['p0@0', 'p1@0', 'p2@0', 'p3@0', 'p4@0', 'book@0', 'trades@0']);
  });

  it('serves people one asker at a time', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1_000 } });
    const answered = (name: string, asker: string) =>
      void l.ask(name, 'quotes', { asker }).then(() => l.answer(name));
    for (const name of ['b1', 'b2', 'b3', 'b4']) answered(name, 'busy');
    answered('a1', 'alice');
    answered('c1', 'carol');
    answered('a2', 'alice');
    await l.clock.advance(6_000);
    expect(l.granted).toEqual(['b1@0', 'b2@1000', 'a1@2000', 'c1@3000', 'b3@4000', 'a2@5000', 'b4@6000']);
  });

  it('expects answers one usual round trip after their start when it tells a waiter when its slot comes', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1_000 } });
    await l.ask('a');
    await l.clock.advance(500);
    l.answer('a');
    // The usual round trip is now measured (a fifth of the 500 ms seen): b's answer is expected 100 ms after it starts.
    await l.clock.advance(1_000);
    await l.ask('b');
    await expect(l.limiter.acquire('quotes', { deadlineAt: 2_599 })).rejects.toEqual(
      new SlotBeyondDeadline(1_100),
    );
    const c = l.ask('c', 'quotes', { deadlineAt: 2_700 });
    await l.clock.advance(100);
    l.answer('b');
    await l.clock.advance(1_000);
    await c;
    expect(l.granted).toEqual(['a@0', 'b@1500', 'c@2600']);
  });

  it('holds every lane of a category when the broker says it is over its limit', async () => {
    const l = lane({}, undefined, DEFAULT_LANE_RESERVES);
    l.limiter.holdUntil('others', 500);
    void l.ask('people', 'others', { lane: 'people' });
    void l.ask('watcher', 'others', { lane: 'watcher' });
    void l.ask('placement', 'others', { lane: 'placement' });
    await l.clock.advance(499);
    expect(l.granted).toEqual([]);
    await l.clock.advance(1);
    expect(l.granted.sort()).toEqual(['people@500', 'placement@500', 'watcher@500']);
  });

  it('refuses every waiter when closed', async () => {
    const l = lane({ quotes: { limit: 1, windowMs: 1_000 } });
    await l.ask('a');
    const waiting = l.limiter.acquire('quotes');
    l.limiter.close(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
  });
});

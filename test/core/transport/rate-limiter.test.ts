import { describe, expect, it } from 'vitest';
import { createRateLimiter, SlotBeyondDeadline } from '../../../src/core/transport/rate-limiter.js';
import { FakeClock, flush } from '../support/fake-clock.js';

describe('rate limiter', () => {
  it('lets 3 quotes through at once and makes the 4th sleep exactly until the window frees', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock);
    const done: number[] = [];
    for (let i = 0; i < 4; i += 1) void limiter.acquire('quotes').then(() => done.push(clock.now()));
    await flush();
    expect(done).toEqual([0, 0, 0]);
    expect(clock.sleeps).toEqual([1000]);
    await clock.advance(999);
    expect(done).toHaveLength(3);
    await clock.advance(1);
    expect(done).toEqual([0, 0, 0, 1000]);
  });

  it('serves waiters in arrival order, each at its own computed time, without polling', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock, { others: { limit: 2, windowMs: 100 } });
    const order: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      void limiter.acquire('others').then(() => order.push(`${name}@${clock.now()}`));
    await flush();
    expect(clock.sleeps).toEqual([100, 100, 200]);
    await clock.advance(300);
    expect(order).toEqual(['a@0', 'b@0', 'c@100', 'd@100', 'e@200']);
  });

  it('keeps the window sliding: a slot frees exactly one window after the request it replaces', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock, { quotes: { limit: 2, windowMs: 1000 } });
    await limiter.acquire('quotes');
    await clock.advance(600);
    await limiter.acquire('quotes');
    void limiter.acquire('quotes');
    await flush();
    expect(clock.sleeps).toEqual([400]);
  });

  it('keeps categories apart and counts orders per minute', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock);
    for (let i = 0; i < 200; i += 1) await limiter.acquire('orders');
    for (let i = 0; i < 10; i += 1) await limiter.acquire('others');
    void limiter.acquire('orders');
    await flush();
    expect(clock.sleeps).toEqual([60_000]);
  });

  it('gives the slot back when a waiter aborts', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock, { quotes: { limit: 1, windowMs: 1000 } });
    await limiter.acquire('quotes');
    const controller = new AbortController();
    const aborted = limiter.acquire('quotes', { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    void limiter.acquire('quotes');
    await flush();
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('refuses at once, without taking a slot, when the slot would come after the deadline', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const limiter = createRateLimiter(clock, { quotes: { limit: 1, windowMs: 1000 } });
    await limiter.acquire('quotes');
    await expect(limiter.acquire('quotes', { deadlineAt: 500 })).rejects.toBeInstanceOf(SlotBeyondDeadline);
    void limiter.acquire('quotes');
    await flush();
    expect(clock.sleeps).toEqual([1000]);
  });

  it('does nothing when disabled, globally or per category', async () => {
    const clock = new FakeClock({ auto: false, start: 0 });
    const off = createRateLimiter(clock, false);
    const quotesOff = createRateLimiter(clock, { quotes: false });
    for (let i = 0; i < 50; i += 1) {
      await off.acquire('quotes');
      await quotesOff.acquire('quotes');
    }
    expect(clock.sleeps).toEqual([]);
  });
});

import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOnSim } from '../integration/client-harness.js';

const QUOTE = { exchange: 'NSE', token: '2885' } as const;
const BURST = 64;

type Env = Awaited<ReturnType<typeof clientOnSim>>;
let env: Env | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await env?.close();
  env = undefined;
});

/** Every signal that got an abort listener while the spy was on. */
function watchAbortListeners(): Set<AbortSignal> {
  const signals = new Set<AbortSignal>();
  const add = EventTarget.prototype.addEventListener;
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    ...args: Parameters<EventTarget['addEventListener']>
  ) {
    if (this instanceof AbortSignal && args[0] === 'abort') signals.add(this);
    return add.apply(this, args);
  });
  return signals;
}

/** The MaxListenersExceeded warnings Node emits while `work` runs (warnings arrive on a later tick). */
async function maxListenerWarnings(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (warning: Error): void => {
    if (warning.name === 'MaxListenersExceededWarning') seen.push(warning.message);
  };
  process.on('warning', onWarning);
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

/** Weak references Node keeps on a signal for each `AbortSignal.any` built over it, until it aborts. */
function dependants(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  const set = key === undefined ? undefined : (signal as unknown as Record<symbol, Set<unknown>>)[key];
  return set?.size ?? 0;
}

describe('abort listeners of calls in flight', () => {
  it(`${BURST} calls waiting for one login and for rate slots trip no MaxListeners warning and leave no abort listener behind`, async () => {
    // Windows of 50 ms: eight rounds of waits take well under a second. (A clock that leaps to every
    // timer would leap to the deadline a waiter watches while the slots are all out.)
    env = await clientOnSim({
      rateLimits: { quotes: { limit: 8, windowMs: 50 } },
      timeouts: { callMs: 3_600_000 },
    });
    const client = env.client;
    const signals = watchAbortListeners();
    let quotes: unknown[] = [];
    const warnings = await maxListenerWarnings(async () => {
      quotes = await Promise.all(Array.from({ length: BURST }, () => client.getQuote(QUOTE)));
    });
    expect(warnings).toEqual([]);
    expect(quotes).toHaveLength(BURST);
    expect(signals.size).toBeGreaterThan(0);
    const left = [...signals].map((signal) => getEventListeners(signal, 'abort').length);
    expect(left.every((n) => n === 0)).toBe(true);
  });

  it('a caller signal shared by many calls (an app shutdown signal) holds nothing of them once they end', async () => {
    env = await clientOnSim();
    const shutdown = new AbortController();
    await env.client.login();
    const warnings = await maxListenerWarnings(() =>
      Promise.all(
        Array.from({ length: BURST }, () => env?.client.getQuote(QUOTE, { signal: shutdown.signal })),
      ),
    );
    expect(warnings).toEqual([]);
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    // AbortSignal.any over a long-lived signal leaves a weak reference on it per call until it aborts.
    expect(dependants(shutdown.signal)).toBe(0);
  });
});

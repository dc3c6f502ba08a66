import { vi } from 'vitest';

/**
 * Fakes the timers (not the date, not I/O) so a test can let minutes pass at once: the SDK client's
 * request timeout, the server's progress ticks and a slow person all run on them.
 */
export function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}

/** Moves the fake timers forward by `ms` in one-second steps, letting I/O run between them. */
export async function passTime(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 1_000) {
    await vi.advanceTimersByTimeAsync(Math.min(1_000, ms - passed));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

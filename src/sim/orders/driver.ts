import type { SimClock } from '../clock.js';
import type { OrderEngine } from './engine.js';

/** What drives the engine: how often in real time, where to save changes, where errors go. */
export interface DriverOptions {
  /** Real-time step period in ms; 0 steps only on requests and control calls. */
  readonly tickMs: number;
  readonly persist: (() => void) | undefined;
  readonly onError: (error: unknown, where: string) => void;
}

/** The engine's steps: `settle(now)` before each request and after control calls, plus an unref'd timer. */
export interface EngineDriver {
  settle(now: number): void;
  stop(): void;
}

/**
 * Steps the order engine lazily (before every request, so reads show progress without a timer) and
 * on a real-time timer (so orders progress for live watchers); saves the state file when it changed.
 */
export function driveEngine(engine: OrderEngine, clock: SimClock, options: DriverOptions): EngineDriver {
  const settle = (now: number): void => {
    try {
      if (engine.advance(now)) options.persist?.();
    } catch (error) {
      options.onError(error, 'order engine');
    }
  };
  const timer = options.tickMs > 0 ? setInterval(() => settle(clock.now()), options.tickMs) : undefined;
  timer?.unref();
  return { settle, stop: () => clearInterval(timer) };
}

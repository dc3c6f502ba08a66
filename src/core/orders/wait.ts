import type { Clock } from '../clock.js';
import type { Order, OrderHistory } from '../domain/order.js';
import { type BrokerError, isBrokerError } from '../errors.js';

/** How to follow an order. */
export interface WaitOptions {
  /** How long to keep looking, in milliseconds. Default 30,000. */
  readonly timeoutMs?: number;
  /** `final`: COMPLETE, REJECTED or CANCELED (default). `accepted`: anything past PENDING. */
  readonly until?: 'final' | 'accepted';
  readonly signal?: AbortSignal;
  /** First pause between reads. Default 200 ms, doubling up to `maxDelayMs`. */
  readonly initialDelayMs?: number;
  /** Longest pause between reads. Default 2,000 ms. */
  readonly maxDelayMs?: number;
}

/** The latest state seen and whether it reached the state waited for. */
export interface OrderWaitResult {
  readonly order: Order;
  readonly history: OrderHistory;
  readonly settled: boolean;
}

const FINAL = new Set(['COMPLETE', 'REJECTED', 'CANCELED']);

/** True when `order` has reached what `until` asks for. */
export function hasSettled(order: Order, until: 'final' | 'accepted'): boolean {
  if (FINAL.has(order.status)) return true;
  return until === 'accepted' && order.status !== 'PENDING' && order.status !== 'UNKNOWN';
}

/** Reads the history with growing pauses until the order settles or time runs out (then the latest state). */
export async function followOrder(
  clock: Clock,
  read: (remainingMs: number) => Promise<OrderHistory>,
  options: WaitOptions = {},
): Promise<OrderWaitResult> {
  const until = options.until ?? 'final';
  const deadline = clock.now() + (options.timeoutMs ?? 30_000);
  const maxDelay = options.maxDelayMs ?? 2_000;
  let delay = options.initialDelayMs ?? 200;
  let latest: OrderHistory | undefined;
  let lastError: BrokerError | undefined;
  for (;;) {
    try {
      latest = await read(deadline - clock.now());
      if (hasSettled(latest.current, until)) return { order: latest.current, history: latest, settled: true };
    } catch (error) {
      // A fresh order may not be in the history yet; transient failures are outlasted by the deadline.
      if (!isBrokerError(error) || !(error.code === 'NOT_FOUND' || error.retryable)) throw error;
      lastError = error;
    }
    const remaining = deadline - clock.now();
    if (remaining <= 0) break;
    await clock.sleep(Math.min(delay, remaining), options.signal);
    delay = Math.min(maxDelay, delay * 2);
  }
  if (latest !== undefined) return { order: latest.current, history: latest, settled: false };
  throw lastError;
}

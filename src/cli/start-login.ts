import { isBrokerError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';

/**
 * Pauses between logins while the broker cannot be reached at start: about five minutes in all, then
 * the start fails (exit 1) and a supervisor's own restart policy takes over.
 */
export const START_RETRY_DELAYS_MS: readonly number[] = [
  1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000, 60_000, 60_000, 60_000,
];

/** Failures that say the broker is down or busy, not that anything is wrong with the request. */
const TRANSIENT = new Set(['NETWORK', 'TIMEOUT', 'BROKER_UNAVAILABLE', 'RATE_LIMITED']);

/** The process was asked to stop (Ctrl-C, SIGTERM) before it finished starting. */
export class StartInterrupted extends Error {
  override readonly name = 'StartInterrupted';
  constructor() {
    super('stopped before it finished starting');
  }
}

/** Waits `ms`, or rejects with StartInterrupted as soon as `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new StartInterrupted());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new StartInterrupted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Logs in at start. A broker that refuses connections, times out, answers 5xx or asks to slow down
 * is tried again after each of `delaysMs` (logged, the broker's Retry-After respected), until `signal`
 * aborts; refused credentials and every other failure end the start at once (never retried: repeated
 * refused logins can lock the account).
 */
export async function loginAtStart(
  login: () => Promise<unknown>,
  options: {
    readonly logger: Logger;
    readonly signal?: AbortSignal;
    readonly delaysMs?: readonly number[];
    readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  },
): Promise<void> {
  const delays = options.delaysMs ?? START_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? pause;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await login();
      if (attempt > 0) options.logger.info('the broker answered: logged in', { attempts: attempt + 1 });
      return;
    } catch (error) {
      const wait = delays[attempt];
      if (!isBrokerError(error) || !TRANSIENT.has(error.code) || wait === undefined) throw error;
      const ms = Math.max(wait, error.retryAfterMs ?? 0);
      options.logger.warn(`the broker cannot be reached at start: trying again in ${ms / 1000} s`, {
        code: error.code,
        error: error.message,
        attempt: attempt + 1,
        of: delays.length + 1,
      });
      await sleep(ms, options.signal);
    }
  }
}

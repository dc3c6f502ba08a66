import type { Clock } from '../clock.js';
import type { Order } from '../domain/order.js';
import { remarksHaveTag } from './tag.js';

/** How hard to look for a tagged order, and what counts as proof that it was not placed. */
export interface ReconcileOptions {
  /** When the placement was sent (epoch ms). Default: now, which can only prove "not placed" a window later. */
  readonly sentAt?: number;
  /**
   * How long after sending the broker may still take the order in. Only a book read begun after
   * `sentAt + answerWindowMs` that shows no tagged order proves it was not placed. Default 60,000 ms.
   */
  readonly answerWindowMs?: number;
  /** Order-book reads at most. Default 3. */
  readonly attempts?: number;
  /** Pause between reads (the book may lag the placement). Default 1,000 ms. */
  readonly intervalMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * The outcome of a placement whose answer was lost: the order(s) found; `false` only with proof (a clean
 * book after the answer window); `'unknown'` while that proof is not in yet. Unknown is not "not placed":
 * never place again on it; look again after `provableAt`.
 */
export type Reconciliation =
  | { readonly tag: string; readonly placed: true; readonly order: Order; readonly orders: readonly Order[] }
  | { readonly tag: string; readonly placed: false; readonly checks: number }
  | {
      readonly tag: string;
      readonly placed: 'unknown';
      readonly checks: number;
      readonly provableAt: number;
    };

/** The default answer window: well past a request's own timeout. */
export const ANSWER_WINDOW_MS = 60_000;

/** Searches the order book for orders whose `remarks` carry `tag` (written first, where omsdesk puts it). */
export async function findTagged(
  clock: Clock,
  readBook: () => Promise<readonly Order[]>,
  tag: string,
  options: ReconcileOptions = {},
): Promise<Reconciliation> {
  const attempts = Math.max(1, options.attempts ?? 3);
  const provableAt = (options.sentAt ?? clock.now()) + (options.answerWindowMs ?? ANSWER_WINDOW_MS);
  for (let check = 1; ; check += 1) {
    const startedAt = clock.now();
    const orders = (await readBook()).filter((order) => remarksHaveTag(order.remarks, tag));
    const [first] = orders;
    if (first !== undefined) return { tag, placed: true, order: first, orders };
    if (startedAt >= provableAt) return { tag, placed: false, checks: check };
    if (check >= attempts) return { tag, placed: 'unknown', checks: check, provableAt };
    await clock.sleep(options.intervalMs ?? 1_000, options.signal);
  }
}

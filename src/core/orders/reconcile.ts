import type { Clock } from '../clock.js';
import type { Order } from '../domain/order.js';
import { remarksHaveTag } from './tag.js';

/** How hard to look for a tagged order. */
export interface ReconcileOptions {
  /** Order-book reads before concluding the order was not placed. Default 3. */
  readonly attempts?: number;
  /** Pause between reads (the book may lag the placement). Default 1,000 ms. */
  readonly intervalMs?: number;
  readonly signal?: AbortSignal;
}

/** The settled outcome of a placement whose answer was lost. */
export type Reconciliation =
  | { readonly tag: string; readonly placed: true; readonly order: Order; readonly orders: readonly Order[] }
  | { readonly tag: string; readonly placed: false; readonly checks: number };

/** Searches the order book for orders whose `remarks` carry `tag`: found means placed, never found means not placed. */
export async function findTagged(
  clock: Clock,
  readBook: () => Promise<readonly Order[]>,
  tag: string,
  options: ReconcileOptions = {},
): Promise<Reconciliation> {
  const attempts = Math.max(1, options.attempts ?? 3);
  for (let check = 1; ; check += 1) {
    const orders = (await readBook()).filter((order) => remarksHaveTag(order.remarks, tag));
    const [first] = orders;
    if (first !== undefined) return { tag, placed: true, order: first, orders };
    if (check >= attempts) return { tag, placed: false, checks: check };
    await clock.sleep(options.intervalMs ?? 1_000, options.signal);
  }
}

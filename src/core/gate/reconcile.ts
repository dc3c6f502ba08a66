import type { BrokerClient } from '../client/types.js';
import type { Order } from '../domain/order.js';
import { remarksHaveTag } from '../orders/tag.js';
import { outcomeOf } from './placement.js';
import type { Ticket } from './types.js';

/** How an ambiguous placement is settled by reading the order book. */
export interface SettleTiming {
  /**
   * How long after sending the broker may still take an order in (its own answer window). Only a book
   * read after it that shows no tagged order proves the order was not placed.
   */
  readonly answerWindowMs: number;
  /** How long the gate keeps looking by itself (status reads keep trying after it). */
  readonly lookForMs: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** Sixty seconds: well past a request's own timeout, the point after which the broker cannot take it in. */
export const DEFAULT_SETTLE: SettleTiming = {
  answerWindowMs: 60_000,
  lookForMs: 10 * 60_000,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
};

/** The order of `leg` among the tagged ones: by symbol, or the only one for a one-leg ticket. */
function orderOfLeg(ticket: Ticket, index: number, tagged: readonly Order[]): Order | undefined {
  const leg = ticket.legs[index];
  if (leg === undefined) return undefined;
  return (
    tagged.find(
      (o) => o.tradingSymbol === leg.wire.tradingSymbol || o.tradingSymbol === leg.intent.tradingSymbol,
    ) ?? (ticket.legs.length === 1 && tagged.length === 1 ? tagged[0] : undefined)
  );
}

/**
 * One look at the order book for the legs of unknown outcome. A leg whose tagged order is there becomes
 * that order; a leg with none stays UNKNOWN unless this read began after the answer window (then it was
 * not placed, and the reason says how that is known). A book that cannot be read changes nothing.
 * Returns true when any leg changed.
 */
export async function lookInBook(
  broker: Pick<BrokerClient, 'getOrderBook'>,
  ticket: Ticket,
  facts: { readonly sentAt: number; readonly startedAt: number; readonly answerWindowMs: number },
  signal?: AbortSignal,
): Promise<boolean> {
  const unknown = ticket.legs.flatMap((leg, i) => (leg.outcome?.status === 'UNKNOWN' ? [i] : []));
  // A modification places no tagged order: the book cannot prove it either way (the client read the
  // order's history already), so it stays UNKNOWN, which is the truth.
  if (unknown.length === 0 || ticket.modifies !== undefined) return false;
  let book: readonly Order[];
  try {
    // A fresh book in the placement lane: a shared one may be older than the order.
    book = await broker.getOrderBook({ lane: 'placement', ...(signal === undefined ? {} : { signal }) });
  } catch {
    return false; // the legs stay UNKNOWN, which is the truth
  }
  const pastWindow = facts.startedAt >= facts.sentAt + facts.answerWindowMs;
  let changed = false;
  for (const i of unknown) {
    const leg = ticket.legs[i];
    if (leg === undefined) continue;
    const tag = leg.request.tag ?? '';
    const order = orderOfLeg(
      ticket,
      i,
      book.filter((o) => remarksHaveTag(o.remarks, tag)),
    );
    if (order !== undefined) {
      leg.outcome = outcomeOf(order);
      changed = true;
    } else if (pastWindow) {
      const seconds = Math.round((facts.startedAt - facts.sentAt) / 1000);
      leg.outcome = {
        status: 'NOT_PLACED',
        reason: `the order book has no order tagged ${tag} ${seconds} s after sending, past the broker's answer window`,
      };
      changed = true;
    }
  }
  return changed;
}

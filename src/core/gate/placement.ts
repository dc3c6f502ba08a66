import type { LegResult } from '../client/placement-results.js';
import type { BrokerClient } from '../client/types.js';
import type { Order } from '../domain/order.js';
import { isBrokerError } from '../errors.js';
import type { LegOutcome, Ticket } from './types.js';

/** The client methods that send and settle orders. */
export type PlacingBroker = Pick<
  BrokerClient,
  'placeOrder' | 'placeOrders' | 'placeLongStraddle' | 'modifyOrder'
>;

function failed(error: unknown): LegOutcome {
  if (isBrokerError(error, 'OUTCOME_UNKNOWN')) return { status: 'UNKNOWN', reason: error.message };
  return {
    status: 'NOT_PLACED',
    reason: isBrokerError(error) ? error.message : 'unexpected error before sending',
  };
}

function fromResult(result: LegResult | undefined): LegOutcome {
  if (result === undefined) return { status: 'UNKNOWN', reason: 'the broker did not answer for this order' };
  return result.ok ? { status: 'PLACED', orderNumber: result.orderNumber } : failed(result.error);
}

/** Sends a ticket's orders once (never retried) and records each leg's immediate outcome. */
export async function sendTicket(broker: PlacingBroker, ticket: Ticket, signal?: AbortSignal): Promise<void> {
  const call = signal === undefined ? {} : { signal };
  const [first] = ticket.legs;
  try {
    if (ticket.modifies !== undefined && first) {
      const r = first.request;
      await broker.modifyOrder(
        {
          orderNumber: ticket.modifies,
          exchange: r.exchange,
          tradingSymbol: r.tradingSymbol,
          quantity: r.quantity,
          priceType: r.priceType,
          ...(r.price === undefined ? {} : { price: r.price }),
          ...(r.triggerPrice === undefined ? {} : { triggerPrice: r.triggerPrice }),
          ...(r.pricePrecision === undefined ? {} : { pricePrecision: r.pricePrecision }),
        },
        call,
      );
      first.outcome = { status: 'PLACED', orderNumber: ticket.modifies };
    } else if (ticket.kind === 'single' && first) {
      const placed = await broker.placeOrder(first.request, call);
      first.outcome = { status: 'PLACED', orderNumber: placed.orderNumber };
    } else if (ticket.kind === 'multi') {
      const results = await broker.placeOrders(
        ticket.legs.map((l) => l.request),
        call,
      );
      ticket.legs.forEach((leg, i) => {
        leg.outcome = fromResult(results[i]);
      });
    } else if (ticket.straddle && first) {
      const s = ticket.straddle;
      const result = await broker.placeLongStraddle(
        {
          symbol: s.symbol ?? '',
          strikePrice: Number(s.strikePrice),
          expiry: s.expiry ?? '',
          product: first.intent.product,
          quantity: first.intent.quantity,
          tag: first.request.tag ?? '',
          ...(first.request.remarks === undefined ? {} : { remarks: first.request.remarks }),
        },
        call,
      );
      ticket.legs.forEach((leg, i) => {
        leg.outcome = fromResult(result.legs[i]);
      });
    }
  } catch (error) {
    for (const leg of ticket.legs) leg.outcome = failed(error);
  }
}

/** A leg's outcome from the broker's view of its order (a history entry, or the watcher's last view). */
export function outcomeOf(
  order: Pick<Order, 'status' | 'orderNumber' | 'filledQuantity'> & {
    readonly averagePrice?: number | undefined;
    readonly rejection?: Order['rejection'];
  },
): LegOutcome {
  return {
    status: order.status,
    orderNumber: order.orderNumber,
    filledQuantity: order.filledQuantity,
    ...(order.averagePrice === undefined ? {} : { averagePrice: order.averagePrice }),
    ...(order.rejection === undefined ? {} : { rejection: order.rejection }),
  };
}

const FINAL = new Set(['COMPLETE', 'REJECTED', 'CANCELED', 'NOT_PLACED']);

/** True when a leg needs no more following. */
export function legSettled(outcome: LegOutcome | undefined): boolean {
  return outcome !== undefined && FINAL.has(outcome.status);
}

/** The ticket's status from its legs once sent. */
export function statusFromLegs(ticket: Ticket): Ticket['status'] {
  const statuses = ticket.legs.map((l) => l.outcome?.status ?? 'UNKNOWN');
  if (statuses.includes('UNKNOWN')) return 'UNKNOWN';
  if (statuses.every((s) => s === 'NOT_PLACED')) return 'NOT_PLACED';
  if (!statuses.every((s) => FINAL.has(s))) return 'PLACED';
  const [first] = statuses;
  return statuses.every((s) => s === first) &&
    (first === 'COMPLETE' || first === 'REJECTED' || first === 'CANCELED')
    ? first
    : 'SETTLED';
}

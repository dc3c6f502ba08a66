import type { Actor, AuditLog } from '../audit/index.js';
import type { CallOptions } from '../client/options.js';
import type { BrokerClient } from '../client/types.js';
import type { Order } from '../domain/order.js';
import { type BrokerError, isBrokerError } from '../errors.js';
import { readTicketTag } from '../orders/tag.js';
import { canApprove } from '../people/person.js';
import { GateError } from './errors.js';
import type { GatePeople } from './person-rules.js';
import type { CancelOutcome, CancelResult, Ticket } from './types.js';

/** The broker methods a cancel uses. */
export type CancelBroker = Pick<BrokerClient, 'getOrderBook' | 'getOrderHistory' | 'cancelOrder'>;

/** Who asks to cancel: the person, and whether they approve orders (else only the orders they asked for). */
export interface CancelAsk {
  readonly actor: Actor;
  /** Approvers cancel any order of the account; others only those of tickets they asked for. */
  readonly approver: boolean;
  readonly signal?: AbortSignal;
}

/** What cancelling needs from the gate. */
export interface CancelDeps {
  readonly broker: CancelBroker;
  readonly audit: AuditLog;
  readonly people?: GatePeople;
  /** The ticket that placed an order, from memory or the audit log. */
  findTicket(id: string): Promise<Ticket | undefined>;
}

const WORKING = new Set(['PENDING', 'OPEN', 'TRIGGER_PENDING']);
/** The audit event of every cancel, whoever asked. */
export const ORDER_CANCEL = 'order_cancel';

/** True when the order still works at the exchange (a cancel or a modification can change it). */
export const isWorkingOrder = (o: Pick<Order, 'status'>): boolean => WORKING.has(o.status);

function ended(order: Order): CancelOutcome | undefined {
  if (order.status === 'COMPLETE') return 'filled';
  if (order.status === 'CANCELED') return 'cancelled_before';
  if (order.status === 'REJECTED') return 'rejected';
  return undefined;
}

function endedDetail(order: Order, outcome: CancelOutcome): string {
  const n = order.orderNumber;
  if (outcome === 'filled')
    return `order ${n} had already filled (${order.filledQuantity} filled): nothing to cancel`;
  if (outcome === 'rejected') return `order ${n} had been rejected by the broker: nothing to cancel`;
  return `order ${n} had already been cancelled (${order.filledQuantity} filled before)`;
}

/**
 * Cancels working orders. A cancel removes risk: it needs no confirmation and goes through a halt. It is
 * refused (nothing sent, the reason naming the order) for an order that is not one of the account's today,
 * or that the asker may not cancel: a trader cancels only the orders of tickets they asked for, an
 * approver any order (one placed outside omsdesk only an approver). Two cancels of one order at once send
 * one request and hear one answer. Every cancel is audited with the person.
 */
export class OrderCancels {
  readonly #d: CancelDeps;
  readonly #inFlight = new Map<string, Promise<CancelResult>>();

  constructor(deps: CancelDeps) {
    this.#d = deps;
  }

  /** True while a cancel of this order is on its way (a modification is then refused). */
  busy(orderNumber: string): boolean {
    return this.#inFlight.has(orderNumber.trim());
  }

  /** Cancels one order for a person, after checking that it is theirs to cancel. */
  async cancel(orderNumber: string, ask: CancelAsk): Promise<CancelResult> {
    const number = orderNumber.trim();
    const call: CallOptions = { lane: 'placement', ...(ask.signal ? { signal: ask.signal } : {}) };
    const book = await this.#d.broker.getOrderBook(call);
    const order = book.find((o) => o.orderNumber === number);
    if (order === undefined) {
      await this.#refused(number, ask.actor, 'not one of this account’s orders today');
      throw new GateError(
        'INVALID_ORDER',
        `order ${number} is not one of this account's orders today: nothing was sent`,
      );
    }
    const notYours = await this.#notTheirs(order, ask);
    if (notYours !== undefined) {
      await this.#refused(number, ask.actor, notYours);
      throw new GateError('NOT_ALLOWED', `${notYours}: nothing was sent`);
    }
    return this.#once(order, ask.actor, {});
  }

  /**
   * Cancels every working order of the account (a halt that pulls), orders before reads: each one's
   * result, none refused for want of a right (the halt's person may halt).
   */
  async cancelAll(actor: Actor, data: Record<string, unknown> = {}): Promise<CancelResult[]> {
    const book = await this.#d.broker.getOrderBook({ lane: 'placement' });
    return Promise.all(book.filter(isWorkingOrder).map((o) => this.#once(o, actor, data)));
  }

  /** The one request for an order: a second cancel of it while the first is under way hears the first's answer. */
  #once(order: Order, actor: Actor, data: Record<string, unknown>): Promise<CancelResult> {
    const key = order.orderNumber;
    const running = this.#inFlight.get(key);
    if (running) return running;
    const work = this.#send(order, actor, data).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, work);
    return work;
  }

  async #send(order: Order, actor: Actor, data: Record<string, unknown>): Promise<CancelResult> {
    const base = { orderNumber: order.orderNumber, tradingSymbol: order.tradingSymbol };
    let result: CancelResult;
    const before = ended(order);
    if (before !== undefined) {
      result = { ...base, outcome: before, detail: endedDetail(order, before) };
    } else {
      try {
        await this.#d.broker.cancelOrder(order.orderNumber);
        // From the book read before: a halt pulling a hundred orders sends no read per order.
        const left = order.quantity - order.filledQuantity;
        result = {
          ...base,
          outcome: 'cancelled',
          detail: `order ${order.orderNumber} cancelled (${left} of ${order.quantity} left)`,
          filledQuantity: order.filledQuantity,
          cancelledQuantity: left,
        };
      } catch (error) {
        result = await this.#failed(order, error);
      }
    }
    await this.#d.audit.append({
      event: ORDER_CANCEL,
      actor,
      // The placing ticket goes in the data: its own lines are what rebuild it.
      data: { ...data, ...result, placedBy: ticketOf(order) ?? 'outside' },
    });
    return result;
  }

  /** A cancel the broker refused or whose answer was lost: the order's history says which it was. */
  async #failed(order: Order, error: unknown): Promise<CancelResult> {
    const base = { orderNumber: order.orderNumber, tradingSymbol: order.tradingSymbol };
    const n = order.orderNumber;
    if (isBrokerError(error, 'OUTCOME_UNKNOWN')) {
      return {
        ...base,
        outcome: 'unknown',
        detail: `the answer to the cancel of order ${n} was lost and its history does not show it yet: it may be cancelled; check before cancelling again`,
      };
    }
    const now = await this.#history(n);
    const over = now && ended(now);
    if (now && over !== undefined) {
      return {
        ...base,
        outcome: over,
        detail: endedDetail(now, over),
        filledQuantity: now.filledQuantity,
        ...(now.cancelledQuantity === undefined ? {} : { cancelledQuantity: now.cancelledQuantity }),
      };
    }
    const said = isBrokerError(error) ? brokerWords(error) : 'an unexpected error';
    return { ...base, outcome: 'failed', detail: `order ${n} was not cancelled: ${said}` };
  }

  async #history(orderNumber: string): Promise<Order | undefined> {
    try {
      return (await this.#d.broker.getOrderHistory(orderNumber, { lane: 'placement' })).current;
    } catch {
      return undefined;
    }
  }

  /** Why this person may not cancel this order, or undefined when they may. */
  async #notTheirs(order: Order, ask: CancelAsk): Promise<string | undefined> {
    const { actor } = ask;
    const person = actor.person === undefined ? undefined : this.#d.people?.person(actor.person);
    const approver =
      this.#d.people !== undefined && actor.person !== undefined
        ? person !== undefined && canApprove(person)
        : ask.approver;
    if (approver) return undefined;
    const ticketId = ticketOf(order);
    const n = order.orderNumber;
    if (ticketId === undefined)
      return `order ${n} was placed outside omsdesk: only an approver may cancel it`;
    const ticket = await this.#d.findTicket(ticketId);
    const asked = ticket?.requestedBy;
    const same =
      asked !== undefined &&
      (actor.person !== undefined
        ? asked.person === actor.person
        : asked.channel === actor.channel && asked.id === actor.id);
    return same
      ? undefined
      : `order ${n} was asked for by someone else: only they or an approver may cancel it`;
  }

  async #refused(orderNumber: string, actor: Actor, reason: string): Promise<void> {
    await this.#d.audit.append({ event: 'order_cancel_refused', actor, data: { orderNumber, reason } });
  }
}

/** The ticket whose tag leads the order's remarks, if omsdesk placed it. */
function ticketOf(order: Pick<Order, 'remarks'>): string | undefined {
  const first = (order.remarks ?? '').trimStart().split(/\s+/, 1)[0] ?? '';
  return readTicketTag(first)?.ticketId;
}

function brokerWords(error: BrokerError): string {
  return error.brokerText ? `the broker said "${error.brokerText}"` : error.message;
}

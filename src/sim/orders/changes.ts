import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import type { AccountState } from '../account-state.js';
import { SimFailure } from '../http/failure.js';
import type { Market } from '../market/types.js';
import { report } from './lifecycle.js';
import { workingDeliverySells } from './open-orders.js';
import { checkRisk } from './risk-checks.js';
import type { OrderStore } from './store.js';
import { decodeSymbol, parseTerms } from './ticket.js';
import type { OrderTicket, SimOrder } from './types.js';
import { executeNow, type StepContext } from './working.js';

/** What a change of an order needs from the engine. */
export interface ChangeContext {
  readonly store: OrderStore;
  readonly market: Market;
  readonly step: StepContext;
  account(userId: string): AccountState | undefined;
  /** Recomputes the user's margin figures (after the blocked margin of an order changed). */
  refresh(userId: string, at: number): void;
  /** Forgets that the order was found unchanged: its terms are new. */
  changed(order: SimOrder): void;
}

/** A modification as sent: the new terms, and the instrument they must name. */
export interface ModifyFields {
  readonly exchange: string;
  readonly tradingSymbol: string;
  readonly quantity: string;
  readonly price?: string | undefined;
  readonly triggerPrice?: string | undefined;
  readonly priceType: string;
}

/** Only an order open or waiting for its trigger at the exchange can be cancelled or modified. */
const isWorking = (o: SimOrder): boolean => o.phase === 'trigger' || o.phase === 'working';

function ownOrder(ctx: ChangeContext, userId: string, orderNumber: string): SimOrder {
  const order = ctx.store.find(userId, orderNumber);
  if (!order) throw new SimFailure(BROKER_TEXTS.noData);
  return order;
}

/** Refuses a change: the history shows the refusal's report with its text, and the call fails with it. */
function refuse(order: SimOrder, rpt: 'CancelRejected' | 'ReplaceRejected', text: string, at: number): never {
  report(order, rpt, at, text);
  throw new SimFailure(text);
}

/**
 * Cancels what is left of a working order: `CanAck`, `PendingCancel`, then `Canceled` with the
 * cancelled quantity, and its margin released. Any other order (filled, rejected, cancelled, not yet
 * accepted) is refused with a `CancelRejected` report; an unknown one is "no data".
 */
export function cancelOrder(ctx: ChangeContext, userId: string, orderNumber: string, at: number): SimOrder {
  const order = ownOrder(ctx, userId, orderNumber);
  if (!isWorking(order)) refuse(order, 'CancelRejected', BROKER_TEXTS.notOpenToCancel, at);
  report(order, 'CanAck', at);
  report(order, 'PendingCancel', at);
  order.cancelled = order.ticket.quantity - order.filled;
  order.status = 'CANCELED';
  order.phase = 'done';
  report(order, 'Canceled', at);
  ctx.step.cancelled(order, at);
  return order;
}

/**
 * Replaces a working order's quantity, prices and price type after the broker's own checks (margin
 * without what the order itself blocks, price band, tick, lot, freeze, holdings), then works it at once:
 * a limit the market already crosses fills. The quantity is the order's new total and must stay above
 * what has filled. A refused change leaves the order as it was, with a `ReplaceRejected` report.
 */
export function modifyOrder(
  ctx: ChangeContext,
  userId: string,
  orderNumber: string,
  fields: ModifyFields,
  at: number,
): SimOrder {
  const order = ownOrder(ctx, userId, orderNumber);
  const refused = (text: string): never => refuse(order, 'ReplaceRejected', text, at);
  if (!isWorking(order)) refused(BROKER_TEXTS.notOpenToModify);
  const old = order.ticket;
  const sameInstrument =
    fields.exchange.trim() === old.exchange &&
    decodeSymbol(fields.tradingSymbol).includes(old.instrument.tradingSymbol);
  if (!sameInstrument) refused(BROKER_TEXTS.modifyInstrument);
  let terms: ReturnType<typeof parseTerms>;
  try {
    terms = parseTerms(fields);
  } catch (error) {
    return refused(error instanceof SimFailure ? error.message : BROKER_TEXTS.invalidInput);
  }
  if (terms.quantity <= order.filled) refused(BROKER_TEXTS.modifyBelowFilled);
  const next: OrderTicket = { ...old, ...terms };
  const account = ctx.account(userId);
  if (!account) return refused(BROKER_TEXTS.invalidInput);
  const open = terms.quantity - order.filled;
  // The order's own blocked margin is freed for the check, as the broker nets the old order out.
  const blocked = order.blockedMargin;
  order.blockedMargin = 0;
  ctx.refresh(userId, at);
  const verdict = checkRisk(
    { ...next, quantity: open },
    { market: ctx.market, account, at, pendingDeliverySells: workingDeliverySells(ctx.store, order) },
  );
  if ('rejection' in verdict) {
    order.blockedMargin = blocked;
    ctx.refresh(userId, at);
    return refused(verdict.rejection.text);
  }
  report(order, 'ModAck', at);
  report(order, 'PendingReplace', at);
  order.ticket = next;
  order.blockedMargin = (verdict.blocked * terms.quantity) / open;
  order.restingPrice = terms.price;
  order.lastCheck = at;
  const stop = terms.priceType === 'SL-LMT' || terms.priceType === 'SL-MKT';
  order.phase = stop ? 'trigger' : 'working';
  order.status = stop ? 'TRIGGER_PENDING' : 'OPEN';
  report(order, 'Replaced', at);
  ctx.changed(order);
  ctx.refresh(userId, at);
  if (order.phase === 'working') executeNow(ctx.step, order, at);
  return order;
}

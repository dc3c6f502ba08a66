import type { OrderLeg } from '../../core/wire/index.js';
import { timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { parseTicket } from '../orders/ticket.js';
import type { SimOrder } from '../orders/types.js';
import { accountOf, type RouteContext } from '../runtime.js';

/** The text for an account id that is not the session's. */
export const INVALID_ACCOUNT = 'Invalid Input : Invalid Account Id';

/** Refuses an account id (`actid`, `actId`) that does not belong to the session's user. */
export function checkAccountId(ctx: RouteContext, accountId: string): void {
  if (accountId.trim() !== accountOf(ctx).config.accountId) throw new SimFailure(INVALID_ACCOUNT);
}

/** Acknowledges one order for the session's account (the risk checks run in a later engine step). */
export function placeLeg(ctx: RouteContext, leg: OrderLeg): SimOrder {
  const ticket = parseTicket(leg, ctx.rt.market.universe(ctx.now));
  return ctx.rt.orders.place(accountOf(ctx), ticket, ctx.now);
}

/** The second-generation placement answer (also one element of a multi-order answer). */
export function placedV2(order: SimOrder, now: number): unknown {
  return { Status: 'Success', data: { requestTime: timeFirst(now), orderNumber: order.orderNumber } };
}

/** One failed element of a multi-order or straddle answer. */
export function failedElement(text: string): unknown {
  return { Status: 'Failed', data: text };
}

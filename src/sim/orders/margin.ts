/**
 * The paper broker's margin model, as paper-trading engines use it:
 *
 * - Delivery (`C`) buys block 100% of their value until they settle; delivery sells block nothing (they
 *   need holdings instead) and credit the proceeds to cash.
 * - Intraday cash positions (`I` on NSE/BSE) block 20% of the open value (net quantity × average price).
 * - Futures and short options (any product on NFO) block SPAN plus exposure of the account's whole F&O
 *   book (`spanMargin`), so a hedge or an exit changes the requirement by less than a new position.
 * - Long options block the premium paid (net quantity × average price).
 * - A working order blocks the incremental margin it was accepted with, in proportion to what is still
 *   open; an order that only reduces the account's requirement blocks nothing.
 *
 * Available margin is cash + payin + collateral − margin used; profit or loss is realised into cash when
 * a position is reduced.
 */
import type { AccountState, HoldingState } from '../account-state.js';
import { type Market, type SpanPosition, spanMargin } from '../market/index.js';
import { applyToPosition, clonePosition, newPosition, positionKey } from './positions.js';
import type { OrderTicket, PositionState } from './types.js';

/** Intraday cash margin as a share of the open value. */
export const INTRADAY_SHARE = 0.2;

/** The parts of an account's requirement, in rupees. */
export interface MarginParts {
  readonly delivery: number;
  readonly intraday: number;
  readonly span: number;
  readonly exposure: number;
  readonly premium: number;
  readonly total: number;
}

const isDerivative = (p: PositionState): boolean => p.instrument.segment === 'FO';

/** The F&O positions with a net quantity, as the span model takes them. */
export function derivativePositions(positions: Iterable<PositionState>): SpanPosition[] {
  const out: SpanPosition[] = [];
  for (const p of positions)
    if (isDerivative(p) && p.net !== 0) out.push({ instrument: p.instrument, netQuantity: p.net });
  return out;
}

/** The requirement of holdings bought today and of net positions at `at`. */
export function marginOf(
  holdings: Iterable<HoldingState>,
  positions: Iterable<PositionState>,
  market: Pick<Market, 'pricingInputs'>,
  at: number,
): MarginParts {
  let delivery = 0;
  for (const h of holdings) delivery += h.btstValue;
  let intraday = 0;
  let premium = 0;
  const list = [...positions];
  for (const p of list) {
    if (!isDerivative(p)) intraday += INTRADAY_SHARE * Math.abs(p.net) * p.averagePrice;
    else if (p.instrument.optionType !== undefined && p.net > 0) premium += p.net * p.averagePrice;
  }
  const { span, exposure } = spanMargin(derivativePositions(list), market, at);
  return {
    delivery,
    intraday,
    span,
    exposure,
    premium,
    total: delivery + intraday + span + exposure + premium,
  };
}

/**
 * What an order adds to the account's requirement if it fills at `price` (negative when it reduces
 * it): a delivery buy its value, a delivery sell nothing, anything else the change of the whole model.
 */
export function incrementalMargin(
  account: AccountState,
  ticket: OrderTicket,
  price: number,
  market: Pick<Market, 'pricingInputs'>,
  at: number,
): number {
  const { instrument, product, side, quantity } = ticket;
  if (product === 'C' && instrument.segment !== 'FO') return side === 'B' ? quantity * price : 0;
  const holdings = [...account.holdings.values()];
  const before = marginOf(holdings, account.positions.values(), market, at).total;
  const key = positionKey(instrument, product);
  const current = account.positions.get(key);
  const changed = current ? clonePosition(current) : newPosition(instrument, product);
  applyToPosition(changed, side === 'B' ? quantity : -quantity, price);
  const after = new Map(account.positions);
  after.set(key, changed);
  return marginOf(holdings, after.values(), market, at).total - before;
}

/** Margin the account can still use: cash + payin + collateral − margin used. */
export function availableMargin(account: AccountState): number {
  const l = account.ledger;
  return l.cash + l.payin + l.collateral - l.marginUsed;
}

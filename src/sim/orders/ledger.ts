import { type AccountState, emptyHolding } from '../account-state.js';
import type { Market } from '../market/types.js';
import { marginOf } from './margin.js';
import { applyToPosition, newPosition, positionKey } from './positions.js';
import type { OrderTicket } from './types.js';

const paise = (rupees: number): number => Math.round(rupees * 100) / 100;

/**
 * Books one fill on the account: a delivery buy adds BTST shares and blocks their value, a delivery
 * sell uses holdings and credits the proceeds, anything else nets into the position of its instrument
 * and product, realising profit or loss into cash when it reduces one.
 */
export function bookFill(account: AccountState, ticket: OrderTicket, quantity: number, price: number): void {
  const { instrument, product, side } = ticket;
  const value = quantity * price;
  if (product === 'C' && instrument.segment !== 'FO') {
    const symbol = instrument.symbolName;
    const holding = account.holdings.get(symbol) ?? emptyHolding(symbol, price);
    account.holdings.set(symbol, holding);
    if (side === 'B') {
      holding.btst += quantity;
      holding.btstValue = paise(holding.btstValue + value);
    } else {
      holding.used += quantity;
      holding.sellAmount = paise(holding.sellAmount + value);
      account.ledger.cash = paise(account.ledger.cash + value);
    }
    return;
  }
  const key = positionKey(instrument, product);
  const position = account.positions.get(key) ?? newPosition(instrument, product);
  account.positions.set(key, position);
  const pnl = applyToPosition(position, side === 'B' ? quantity : -quantity, price);
  account.ledger.cash = paise(account.ledger.cash + pnl);
}

/**
 * Recomputes the margin figures the limits endpoints show from holdings, positions and what working
 * orders block (`openBlocked`), and keeps the peak.
 */
export function refreshLedger(
  account: AccountState,
  openBlocked: number,
  market: Pick<Market, 'pricingInputs'>,
  at: number,
): void {
  const m = marginOf(account.holdings.values(), account.positions.values(), market, at);
  const l = account.ledger;
  l.span = paise(m.span);
  l.exposure = paise(m.exposure);
  l.premium = paise(m.premium);
  l.marginUsed = paise(m.total + openBlocked);
  l.peakMargin = Math.max(l.peakMargin, l.marginUsed);
}

import { showCount, showPrice, showRupees } from '../checks/index.js';
import { PRODUCT_NAMES } from '../vocabulary/index.js';
import type { MarginView, TicketLeg } from './types.js';

const RETENTION_WORDS = {
  DAY: 'valid for the day',
  EOS: 'valid to the end of the session',
  IOC: 'immediate or cancel',
} as const;

function priceWords(leg: TicketLeg): string {
  const { intent, instrument } = leg;
  const tick = instrument.tickSize;
  const at = (p: number | undefined): string => (p === undefined ? '?' : `₹${showPrice(p, tick)}`);
  switch (intent.priceType) {
    case 'LMT':
      return `at a limit of ${at(intent.price)}`;
    case 'MKT':
      return 'at market';
    case 'SL-LMT':
      return `stop-loss limit ${at(intent.price)}, triggered at ${at(intent.triggerPrice)}`;
    case 'SL-MKT':
      return `stop-loss at market, triggered at ${at(intent.triggerPrice)}`;
  }
}

/** One sentence for one leg: side, quantity, instrument, price, product and value. */
export function legSentence(leg: TicketLeg): string {
  const { intent, instrument: i } = leg;
  const lots = i.lotSize > 1 ? ` (${showCount(intent.quantity / i.lotSize)} lots of ${i.lotSize})` : '';
  const market = leg.market
    ? ` Last ₹${showPrice(leg.market.lastPrice, i.tickSize)}` +
      (leg.market.bestBid !== undefined && leg.market.bestAsk !== undefined
        ? `, bid ₹${showPrice(leg.market.bestBid, i.tickSize)} / ask ₹${showPrice(leg.market.bestAsk, i.tickSize)}.`
        : '.')
    : ' No quote was available.';
  const value = leg.value === undefined ? 'value unknown' : `value about ${showRupees(leg.value)}`;
  return (
    `${intent.side} ${showCount(intent.quantity)}${lots} ${i.tradingSymbol} on ${i.exchange} ${priceWords(leg)}, ` +
    `${PRODUCT_NAMES[intent.product]} (${intent.product}), ${RETENTION_WORDS[intent.retention]}; ${value}.${market}`
  );
}

/** What the ticket uses of the account, in words. */
export function marginSentence(margin: MarginView): string {
  if (margin.required === undefined) return `Margin could not be fully estimated: ${margin.basis}.`;
  const of = margin.available === undefined ? '' : ` of ${showRupees(margin.available)} available`;
  const short =
    margin.shortfall !== undefined && margin.shortfall > 0
      ? ` Short by ${showRupees(margin.shortfall)}: the broker will likely reject it.`
      : '';
  return `Uses about ${showRupees(margin.required)}${of} (${margin.basis}).${short}`;
}

/** The one-paragraph summary a human approves. */
export function ticketSummary(legs: readonly TicketLeg[], margin: MarginView, heading?: string): string {
  const sentences = legs.map((leg, n) =>
    legs.length > 1 ? `Leg ${n + 1}: ${legSentence(leg)}` : legSentence(leg),
  );
  const total =
    legs.every((l) => l.value !== undefined) && legs.length > 1
      ? ` Total value about ${showRupees(legs.reduce((sum, l) => sum + (l.value ?? 0), 0))}.`
      : '';
  return `${[heading, ...sentences].filter(Boolean).join(' ')}${total} ${marginSentence(margin)}`;
}

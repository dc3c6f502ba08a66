import type { Violation } from '../checks/index.js';
import { showPrice } from '../checks/index.js';
import type { Quote } from '../domain/quote.js';
import type { LegMarket, TicketLeg } from './types.js';

/** The parts of a quote the checks and the summary use. */
export function legMarket(quote: Quote): LegMarket {
  return {
    lastPrice: quote.lastPrice,
    ...(quote.bids[0] === undefined ? {} : { bestBid: quote.bids[0].price }),
    ...(quote.asks[0] === undefined ? {} : { bestAsk: quote.asks[0].price }),
    ...(quote.lowerCircuit === undefined ? {} : { lowerCircuit: quote.lowerCircuit }),
    ...(quote.upperCircuit === undefined ? {} : { upperCircuit: quote.upperCircuit }),
  };
}

/** How far a price may move between preview and approval: a percentage, but never less than a few ticks. */
export interface DriftLimit {
  readonly maxPct: number;
  /** A floor in ticks, so cheap contracts (a ₹10 option, where 2 % is four ticks) are judged fairly. */
  readonly minTicks: number;
}

/**
 * A refusal for every leg whose last price moved more than the limit since the preview, and for every leg
 * that has no price to compare (previewed without a quote, or none now): then nobody can tell.
 */
export function priceDrift(
  legs: readonly TicketLeg[],
  fresh: readonly (LegMarket | undefined)[],
  limit: DriftLimit,
): string[] {
  return legs.flatMap((leg, i) => {
    const before = leg.market?.lastPrice;
    const now = fresh[i]?.lastPrice;
    const symbol = leg.instrument.tradingSymbol;
    if (before === undefined || before <= 0 || now === undefined) {
      return [
        `${symbol} has no ${before === undefined ? 'price from the preview' : 'current price'} to tell whether it ` +
          'moved since: preview the order again once quotes answer',
      ];
    }
    const tick = leg.instrument.tickSize;
    const allowed = Math.max((before * limit.maxPct) / 100, limit.minTicks * tick);
    if (Math.abs(now - before) <= allowed + 1e-9) return [];
    const moved = (Math.abs(now - before) / before) * 100;
    return [
      `${symbol} moved ${moved.toFixed(2)}% since the preview (${showPrice(before, tick)} → ` +
        `${showPrice(now, tick)}), more than the ${limit.maxPct}% (at least ${limit.minTicks} ticks) allowed: ` +
        'preview the order again',
    ];
  });
}

/** The messages of violations, one per line. */
export function violationText(violations: readonly Violation[]): string {
  return violations.map((v) => `- ${v.message}`).join('\n');
}

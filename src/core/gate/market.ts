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

/** A refusal for every leg whose last price moved more than `maxPct` percent since the preview. */
export function priceDrift(
  legs: readonly TicketLeg[],
  fresh: readonly (LegMarket | undefined)[],
  maxPct: number,
): string[] {
  return legs.flatMap((leg, i) => {
    const before = leg.market?.lastPrice;
    const now = fresh[i]?.lastPrice;
    if (before === undefined || now === undefined || before <= 0) return [];
    const moved = (Math.abs(now - before) / before) * 100;
    if (moved <= maxPct) return [];
    const tick = leg.instrument.tickSize;
    return [
      `${leg.instrument.tradingSymbol} moved ${moved.toFixed(2)}% since the preview (${showPrice(before, tick)} → ` +
        `${showPrice(now, tick)}), more than the ${maxPct}% allowed: preview the order again`,
    ];
  });
}

/** The messages of violations, one per line. */
export function violationText(violations: readonly Violation[]): string {
  return violations.map((v) => `- ${v.message}`).join('\n');
}

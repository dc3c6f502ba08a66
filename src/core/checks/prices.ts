import type { Instrument } from '../catalogue/index.js';
import { takesLimitPrice } from '../vocabulary/index.js';
import { showPrice, violation } from './format.js';
import { checkLevel } from './levels.js';
import { checkTrigger } from './triggers.js';
import type { MarketView, OrderIntent, Violation } from './types.js';

/** Limit price and trigger, every rule of both (see `checkLimitPrice` and `checkTrigger`). */
export function checkPrices(
  intent: OrderIntent,
  instrument: Instrument,
  market: MarketView = {},
): Violation[] {
  return [...checkLimitPrice(intent, instrument, market), ...checkTrigger(intent, instrument, market)];
}

/** A limit price exactly when the price type takes one: positive, on the tick grid, inside the circuit band. */
export function checkLimitPrice(
  intent: OrderIntent,
  instrument: Instrument,
  market: MarketView = {},
): Violation[] {
  const out: Violation[] = [];
  const { price, priceType } = intent;
  const hasPrice = price !== undefined && price !== 0;

  if (takesLimitPrice(priceType)) {
    if (!hasPrice)
      out.push(
        violation(
          'PRICE_REQUIRED',
          `A ${priceType} order needs a limit price: give one, or use ${priceType === 'LMT' ? 'MKT' : 'SL-MKT'}.`,
        ),
      );
    else out.push(...checkLevel('price', price, instrument, market));
  } else if (hasPrice) {
    out.push(
      violation(
        'PRICE_NOT_ALLOWED',
        `A ${priceType} order takes no limit price (got ${showPrice(price)}): drop the price, or use ${priceType === 'MKT' ? 'LMT' : 'SL-LMT'} to set one.`,
        { price },
      ),
    );
  }
  return out;
}

import type { Instrument } from '../catalogue/index.js';
import { takesTrigger } from '../vocabulary/index.js';
import { showPrice, violation } from './format.js';
import { checkLevel } from './levels.js';
import type { MarketView, OrderIntent, Violation } from './types.js';

/**
 * A trigger exactly for stop orders: positive, on the tick grid, inside the circuit band, on the side of
 * the last price where it does not fire at once (buy: above the last price; sell: below it), and for a
 * stop-limit, a limit that can fill once triggered (buy: limit at or above the trigger; sell: at or below).
 */
export function checkTrigger(
  intent: OrderIntent,
  instrument: Instrument,
  market: MarketView = {},
): Violation[] {
  const out: Violation[] = [];
  const { price, triggerPrice: trigger, priceType } = intent;
  const hasPrice = price !== undefined && price !== 0;
  const hasTrigger = trigger !== undefined && trigger !== 0;

  if (!takesTrigger(priceType)) {
    if (hasTrigger) {
      out.push(
        violation(
          'TRIGGER_NOT_ALLOWED',
          `A ${priceType} order takes no trigger price (got ${showPrice(trigger)}): drop it, or use SL-LMT or SL-MKT for a stop order.`,
          { triggerPrice: trigger },
        ),
      );
    }
    return out;
  }
  if (!hasTrigger) {
    out.push(
      violation(
        'TRIGGER_REQUIRED',
        `A ${priceType} order needs a trigger price: give the price at which the stop should fire.`,
      ),
    );
    return out;
  }
  const levelProblems = checkLevel('trigger', trigger, instrument, market);
  out.push(...levelProblems);
  if (levelProblems.some((v) => v.rule === 'TRIGGER_INVALID')) return out;

  const last = market.lastPrice;
  if (last !== undefined) {
    // A buy stop fires when the last price rises to the trigger, a sell stop when it falls to it:
    // a trigger already reached would fire at once, which is a plain order in disguise.
    if (intent.side === 'BUY' && !(trigger > last)) {
      out.push(
        violation(
          'TRIGGER_SIDE',
          `Trigger ${showPrice(trigger)} is at or below the last price ${showPrice(last)}: a buy stop fires when the price rises to its trigger, so this one would fire at once. Set the trigger above ${showPrice(last)}, or use a LMT order.`,
          { triggerPrice: trigger, lastPrice: last },
        ),
      );
    }
    if (intent.side === 'SELL' && !(trigger < last)) {
      out.push(
        violation(
          'TRIGGER_SIDE',
          `Trigger ${showPrice(trigger)} is at or above the last price ${showPrice(last)}: a sell stop fires when the price falls to its trigger, so this one would fire at once. Set the trigger below ${showPrice(last)}, or use a LMT order.`,
          { triggerPrice: trigger, lastPrice: last },
        ),
      );
    }
  }
  if (priceType === 'SL-LMT' && hasPrice && price > 0) {
    if (intent.side === 'BUY' && price < trigger) {
      out.push(
        violation(
          'TRIGGER_LIMIT_ORDER',
          `A buy stop-limit's limit price ${showPrice(price)} is below its trigger ${showPrice(trigger)}: once triggered it could not fill. Set the limit at or above the trigger.`,
          { price, triggerPrice: trigger },
        ),
      );
    }
    if (intent.side === 'SELL' && price > trigger) {
      out.push(
        violation(
          'TRIGGER_LIMIT_ORDER',
          `A sell stop-limit's limit price ${showPrice(price)} is above its trigger ${showPrice(trigger)}: once triggered it could not fill. Set the limit at or below the trigger.`,
          { price, triggerPrice: trigger },
        ),
      );
    }
  }
  return out;
}

import { takesLimitPrice } from '../vocabulary/index.js';
import { showCount, showRupees, violation } from './format.js';
import type { DailyUsage, MarketView, OrderIntent, TradingPolicy, Violation } from './types.js';

/** The price a market order is expected to trade at: a buy at the best ask (else last), a sell at the last (else best bid). */
export function marketPrice(side: OrderIntent['side'], market: MarketView = {}): number | undefined {
  const price = side === 'BUY' ? (market.bestAsk ?? market.lastPrice) : (market.lastPrice ?? market.bestBid);
  return price !== undefined && Number.isFinite(price) && price > 0 ? price : undefined;
}

/**
 * The order's value in rupees for the caps: limit orders at their limit; market orders at the market
 * price; SL-MKT at the higher of trigger and market price (it executes near the trigger, and the
 * higher figure keeps the caps on the safe side). Undefined when the price needed is unknown.
 */
export function orderValue(intent: OrderIntent, market: MarketView = {}): number | undefined {
  const { quantity, price, triggerPrice, priceType } = intent;
  if (!Number.isFinite(quantity) || quantity <= 0) return undefined;
  let unit: number | undefined;
  if (takesLimitPrice(priceType)) unit = price !== undefined && price > 0 ? price : undefined;
  else {
    const current = marketPrice(intent.side, market);
    const trigger =
      priceType === 'SL-MKT' && triggerPrice !== undefined && triggerPrice > 0 ? triggerPrice : undefined;
    unit = current === undefined ? trigger : Math.max(current, trigger ?? 0);
  }
  return unit === undefined || !Number.isFinite(unit) ? undefined : Math.round(unit * quantity * 100) / 100;
}

/** Per-order value and quantity caps. */
export function checkOrderCaps(
  intent: OrderIntent,
  value: number | undefined,
  policy: TradingPolicy,
): Violation[] {
  const out: Violation[] = [];
  const { maxOrderQuantity, maxOrderValue } = policy;
  if (maxOrderQuantity !== undefined && intent.quantity > maxOrderQuantity) {
    out.push(
      violation(
        'ORDER_QUANTITY_CAP',
        `Quantity ${showCount(intent.quantity)} is above the per-order cap of ${showCount(maxOrderQuantity)}: order at most ${showCount(maxOrderQuantity)}, or raise OMSDESK_MAX_ORDER_QUANTITY.`,
        { quantity: intent.quantity, maxOrderQuantity },
      ),
    );
  }
  if (value === undefined && (maxOrderValue !== undefined || policy.maxDailyValue !== undefined)) {
    out.push(
      violation(
        'VALUE_UNKNOWN',
        `Cannot value this ${intent.priceType} order against the value caps: no last price or best ${intent.side === 'BUY' ? 'ask' : 'bid'} is known. Fetch a quote first, or use a limit order.`,
      ),
    );
  }
  if (value !== undefined && maxOrderValue !== undefined && value > maxOrderValue) {
    out.push(
      violation(
        'ORDER_VALUE_CAP',
        `Order value ${showRupees(value)} is above the per-order cap of ${showRupees(maxOrderValue)}: reduce the quantity or price, or raise OMSDESK_MAX_ORDER_VALUE.`,
        { value, maxOrderValue },
      ),
    );
  }
  return out;
}

/** Daily caps to hold: a count of orders and a total value in rupees, either optional. */
export interface DailyCaps {
  readonly maxDailyOrders?: number;
  readonly maxDailyValue?: number;
}

/** How a cap's refusal is worded: whose cap it is and what to change. */
export interface CapWords {
  orders(adding: number, total: number, cap: number, left: number): string;
  value(total: number, cap: number, left: number): string;
}

const DESK_WORDS: CapWords = {
  orders: (adding, total, cap, left) =>
    `${adding === 1 ? 'This order' : `These ${adding} orders`} would make ${total} today, above the daily cap of ${cap} (${left} left): wait for tomorrow (IST), or raise OMSDESK_MAX_DAILY_ORDERS.`,
  value: (total, cap, left) =>
    `This would bring today's order value to ${showRupees(total)}, above the daily cap of ${showRupees(cap)} (${showRupees(left)} left): trade smaller, or raise OMSDESK_MAX_DAILY_VALUE.`,
};

/** Daily order-count and value caps, given what was used today and what these orders add. */
export function checkDailyCaps(
  adding: { readonly orders: number; readonly value: number | undefined },
  usage: DailyUsage,
  policy: TradingPolicy,
): Violation[] {
  return overDailyCaps(adding, usage, policy, DESK_WORDS);
}

/** The caps `caps` would break with these orders added to today's usage, in `words`. */
export function overDailyCaps(
  adding: { readonly orders: number; readonly value: number | undefined },
  usage: DailyUsage,
  caps: DailyCaps,
  words: CapWords,
): Violation[] {
  const out: Violation[] = [];
  const { maxDailyOrders, maxDailyValue } = caps;
  const orders = usage.orders + adding.orders;
  if (maxDailyOrders !== undefined && orders > maxDailyOrders) {
    const left = Math.max(0, maxDailyOrders - usage.orders);
    out.push(
      violation('DAILY_ORDER_CAP', words.orders(adding.orders, orders, maxDailyOrders, left), {
        ordersToday: usage.orders,
        adding: adding.orders,
        maxDailyOrders,
      }),
    );
  }
  if (
    maxDailyValue !== undefined &&
    adding.value !== undefined &&
    usage.value + adding.value > maxDailyValue
  ) {
    const total = Math.round((usage.value + adding.value) * 100) / 100;
    const left = Math.max(0, maxDailyValue - usage.value);
    out.push(
      violation('DAILY_VALUE_CAP', words.value(total, maxDailyValue, left), {
        valueToday: usage.value,
        adding: adding.value,
        maxDailyValue,
      }),
    );
  }
  return out;
}

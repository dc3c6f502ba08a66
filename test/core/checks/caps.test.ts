import { describe, expect, it } from 'vitest';
import { checkBasket, marketPrice, orderValue } from '../../../src/core/checks/index.js';
import {
  BUY_CALL,
  BUY_RELIANCE,
  CONTEXT,
  check,
  NIFTY_CALL,
  OPEN_POLICY,
  QUOTE,
  RELIANCE,
  rules,
} from './helpers.js';

describe('order value', () => {
  it('values a limit order at its limit price', () => {
    expect(orderValue(BUY_RELIANCE, QUOTE)).toBe(24500.5);
  });

  it('values a market buy at the best ask, else the last price; a sell at the last price', () => {
    const { price: _, ...market } = { ...BUY_RELIANCE, priceType: 'MKT' as const };
    expect(orderValue(market, QUOTE)).toBe(24501);
    expect(orderValue(market, { lastPrice: 2450 })).toBe(24500);
    expect(orderValue({ ...market, side: 'SELL' }, QUOTE)).toBe(24500);
    expect(orderValue({ ...market, side: 'SELL' }, { bestBid: 2449 })).toBe(24490);
    expect(orderValue(market, {})).toBeUndefined();
    expect(marketPrice('BUY', { bestAsk: 0, lastPrice: 10 })).toBeUndefined();
  });

  it('values a stop-market order at the higher of trigger and market price', () => {
    const stop = { ...BUY_RELIANCE, priceType: 'SL-MKT' as const, triggerPrice: 2500 };
    expect(orderValue(stop, QUOTE)).toBe(25000);
    expect(orderValue({ ...stop, triggerPrice: 2400, side: 'SELL' }, QUOTE)).toBe(24500);
    expect(orderValue(stop, {})).toBe(25000);
  });
});

describe('per-order caps', () => {
  it('ORDER_VALUE_CAP: a limit order above the value cap', () => {
    const result = check({ policy: { maxOrderValue: 20_000 } });
    expect(rules(result)).toEqual(['ORDER_VALUE_CAP']);
    expect(result.violations[0]?.numbers).toEqual({ value: 24500.5, maxOrderValue: 20_000 });
    expect(result.violations[0]?.message).toBe(
      'Order value ₹24,500.50 is above the per-order cap of ₹20,000.00: reduce the quantity or price, or raise OMSDESK_MAX_ORDER_VALUE.',
    );
  });

  it('ORDER_VALUE_CAP: a market order valued at the current price, not at nothing', () => {
    const market = { intent: { priceType: 'MKT' as const, quantity: 100 }, drop: ['price'] as const };
    const result = check({ ...market, policy: { maxOrderValue: 245_000 } });
    expect(rules(result)).toEqual(['ORDER_VALUE_CAP']);
    expect(result.value).toBe(245_010);
    expect(check({ ...market, policy: { maxOrderValue: 245_010 } }).ok).toBe(true);
  });

  it('VALUE_UNKNOWN: a market order with no quote fails closed when value caps are set', () => {
    const market = { intent: { priceType: 'MKT' as const }, drop: ['price'] as const, market: {} };
    expect(rules(check({ ...market, policy: { maxOrderValue: 1_000_000 } }))).toEqual(['VALUE_UNKNOWN']);
    expect(rules(check({ ...market, policy: { maxDailyValue: 1_000_000 } }))).toEqual(['VALUE_UNKNOWN']);
    expect(check(market).ok).toBe(true);
  });

  it('ORDER_QUANTITY_CAP: above the quantity cap', () => {
    const result = check({ intent: { quantity: 1001 }, policy: { maxOrderQuantity: 1000 } });
    expect(rules(result)).toEqual(['ORDER_QUANTITY_CAP']);
    expect(result.violations[0]?.numbers).toEqual({ quantity: 1001, maxOrderQuantity: 1000 });
  });
});

describe('daily caps', () => {
  it("DAILY_ORDER_CAP: counts today's orders plus this one", () => {
    const result = check({ policy: { maxDailyOrders: 50 }, context: { usage: { orders: 50, value: 0 } } });
    expect(rules(result)).toEqual(['DAILY_ORDER_CAP']);
    expect(result.violations[0]?.numbers).toEqual({ ordersToday: 50, adding: 1, maxDailyOrders: 50 });
    expect(check({ policy: { maxDailyOrders: 50 }, context: { usage: { orders: 49, value: 0 } } }).ok).toBe(
      true,
    );
  });

  it("DAILY_VALUE_CAP: today's value plus this order's, market orders at the current price", () => {
    const usage = { orders: 3, value: 80_000 };
    expect(rules(check({ policy: { maxDailyValue: 100_000 }, context: { usage } }))).toEqual([
      'DAILY_VALUE_CAP',
    ]);
    expect(check({ policy: { maxDailyValue: 104_500.5 }, context: { usage } }).ok).toBe(true);
    const market = check({
      intent: { priceType: 'MKT' },
      drop: ['price'],
      policy: { maxDailyValue: 104_500.5 },
      context: { usage },
    });
    expect(rules(market)).toEqual(['DAILY_VALUE_CAP']);
  });
});

describe('baskets', () => {
  const legs = [
    { intent: BUY_RELIANCE, instrument: RELIANCE, market: QUOTE },
    { intent: BUY_CALL, instrument: NIFTY_CALL },
  ];

  it('passes legs that pass together', () => {
    const result = checkBasket({ legs, policy: OPEN_POLICY, context: CONTEXT });
    expect(result.ok).toBe(true);
    expect(result.value).toBe(24500.5 + 9037.5);
  });

  it('counts every leg against the daily caps', () => {
    const policy = { ...OPEN_POLICY, maxDailyOrders: 10, maxDailyValue: 30_000 };
    const result = checkBasket({ legs, policy, context: { ...CONTEXT, usage: { orders: 9, value: 0 } } });
    expect(result.ok).toBe(false);
    expect(result.legs.every((l) => l.ok)).toBe(true);
    expect(result.basket.map((v) => v.rule)).toEqual(['DAILY_ORDER_CAP', 'DAILY_VALUE_CAP']);
    expect(result.basket[0]?.message).toContain('These 2 orders would make 11 today');
  });

  it("reports each leg's own violations on that leg", () => {
    const bad = [legs[0], { ...legs[1], intent: { ...BUY_CALL, quantity: 80 } }] as typeof legs;
    const result = checkBasket({ legs: bad, policy: OPEN_POLICY, context: CONTEXT });
    expect(result.legs.map((l) => l.violations.map((v) => v.rule))).toEqual([[], ['LOT_SIZE']]);
    expect(result.ok).toBe(false);
  });
});

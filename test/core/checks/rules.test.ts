import { describe, expect, it } from 'vitest';
import { CHECK_RULES } from '../../../src/core/checks/index.js';
import { check, NIFTY_CALL, NIFTY_INDEX, RELIANCE, rules } from './helpers.js';

describe('a valid order', () => {
  it('passes every rule and is valued at its limit price', () => {
    const result = check();
    expect(result).toEqual({ ok: true, violations: [], value: 24500.5 });
    expect(check({ instrument: NIFTY_CALL, market: {} }).ok).toBe(true);
  });
});

describe('quantity rules', () => {
  it('QUANTITY_INVALID: zero, negative and fractional quantities', () => {
    for (const quantity of [0, -5, 1.5, Number.NaN]) {
      expect(rules(check({ intent: { quantity } }))).toEqual(['QUANTITY_INVALID']);
    }
  });

  it('LOT_SIZE: says which quantities would do', () => {
    const result = check({ instrument: NIFTY_CALL, intent: { quantity: 80 }, market: {} });
    expect(result.violations).toEqual([
      {
        rule: 'LOT_SIZE',
        message: 'Quantity 80 is not a multiple of the lot size 75: use 75 or 150.',
        numbers: { quantity: 80, lotSize: 75 },
      },
    ]);
    const below = check({ instrument: NIFTY_CALL, intent: { quantity: 50 }, market: {} });
    expect(below.violations[0]?.message).toBe('Quantity 50 is not a multiple of the lot size 75: use 75.');
  });

  it('FREEZE_QUANTITY: above the freeze quantity, with how to split it', () => {
    const result = check({ instrument: NIFTY_CALL, intent: { quantity: 1875 }, market: {} });
    expect(rules(result)).toEqual(['FREEZE_QUANTITY']);
    expect(result.violations[0]?.numbers).toEqual({ quantity: 1875, freezeQty: 1800, lotSize: 75 });
    expect(result.violations[0]?.message).toContain('split it into 2 orders of at most 1,800');
    expect(check({ instrument: NIFTY_CALL, intent: { quantity: 1800 }, market: {} }).ok).toBe(true);
    expect(check({ intent: { quantity: 50_000 } }).ok).toBe(true);
  });
});

describe('price rules', () => {
  it('accepts prices on the tick grid without float drift', () => {
    expect(check({ intent: { price: 2450.05 } }).ok).toBe(true);
    expect(check({ intent: { price: 0.05 * 49001 } }).ok).toBe(true);
    expect(
      check({ instrument: { ...NIFTY_CALL, tickSize: 0.1 }, intent: { price: 120.3 }, market: {} }).ok,
    ).toBe(true);
  });

  it('TICK_SIZE: off-grid prices, with the nearest valid ones', () => {
    const result = check({ intent: { price: 2450.07 } });
    expect(result.violations).toEqual([
      {
        rule: 'TICK_SIZE',
        message: 'Price 2450.07 is not a multiple of the tick size 0.05: use 2450.05 or 2450.10.',
        numbers: { price: 2450.07, tickSize: 0.05 },
      },
    ]);
    expect(rules(check({ instrument: { ...RELIANCE, tickSize: 0.1 }, intent: { price: 2450.05 } }))).toEqual([
      'TICK_SIZE',
    ]);
  });

  it('PRICE_REQUIRED, PRICE_INVALID and PRICE_NOT_ALLOWED follow the price type', () => {
    expect(rules(check({ drop: ['price'] }))).toEqual(['PRICE_REQUIRED']);
    expect(rules(check({ intent: { price: -1 } }))).toEqual(['PRICE_INVALID']);
    expect(rules(check({ intent: { priceType: 'MKT', price: 2450 } }))).toEqual(['PRICE_NOT_ALLOWED']);
    expect(check({ intent: { priceType: 'MKT' }, drop: ['price'] }).ok).toBe(true);
    expect(check({ intent: { priceType: 'MKT', price: 0 } }).ok).toBe(true);
  });

  it('CIRCUIT_BAND: a limit outside the day band, only when the band is known', () => {
    const result = check({ intent: { price: 2700 } });
    expect(rules(result)).toEqual(['CIRCUIT_BAND']);
    expect(result.violations[0]?.numbers).toEqual({ price: 2700, lowerCircuit: 2205, upperCircuit: 2695 });
    expect(rules(check({ intent: { price: 2200 } }))).toEqual(['CIRCUIT_BAND']);
    expect(check({ intent: { price: 2695 } }).ok).toBe(true);
    expect(check({ intent: { price: 2700 }, market: { lastPrice: 2450 } }).ok).toBe(true);
  });
});

describe('trigger rules', () => {
  const stop = { priceType: 'SL-MKT', triggerPrice: 2460 } as const;

  it('TRIGGER_REQUIRED for stop orders, TRIGGER_NOT_ALLOWED for others', () => {
    expect(rules(check({ intent: { priceType: 'SL-MKT' }, drop: ['price'] }))).toEqual(['TRIGGER_REQUIRED']);
    expect(rules(check({ intent: { priceType: 'SL-LMT', price: 2470 } }))).toEqual(['TRIGGER_REQUIRED']);
    expect(rules(check({ intent: { triggerPrice: 2460 } }))).toEqual(['TRIGGER_NOT_ALLOWED']);
    expect(check({ intent: stop, drop: ['price'] }).ok).toBe(true);
  });

  it('TRIGGER_SIDE: a buy stop above the last price, a sell stop below it', () => {
    const buyBelow = check({ intent: { ...stop, triggerPrice: 2440 }, drop: ['price'] });
    expect(rules(buyBelow)).toEqual(['TRIGGER_SIDE']);
    expect(buyBelow.violations[0]?.numbers).toEqual({ triggerPrice: 2440, lastPrice: 2450 });
    expect(rules(check({ intent: { ...stop, triggerPrice: 2450 }, drop: ['price'] }))).toEqual([
      'TRIGGER_SIDE',
    ]);
    const sell = { ...stop, side: 'SELL' } as const;
    expect(rules(check({ intent: { ...sell, triggerPrice: 2460 }, drop: ['price'] }))).toEqual([
      'TRIGGER_SIDE',
    ]);
    expect(check({ intent: { ...sell, triggerPrice: 2440 }, drop: ['price'] }).ok).toBe(true);
    expect(check({ intent: { ...stop, triggerPrice: 2440 }, drop: ['price'], market: {} }).ok).toBe(true);
  });

  it('TRIGGER_LIMIT_ORDER: a stop-limit whose limit could not fill once triggered', () => {
    const buy = check({ intent: { priceType: 'SL-LMT', triggerPrice: 2460, price: 2455 } });
    expect(rules(buy)).toEqual(['TRIGGER_LIMIT_ORDER']);
    expect(check({ intent: { priceType: 'SL-LMT', triggerPrice: 2460, price: 2465 } }).ok).toBe(true);
    const sell = { priceType: 'SL-LMT', side: 'SELL', triggerPrice: 2440 } as const;
    expect(rules(check({ intent: { ...sell, price: 2445 } }))).toEqual(['TRIGGER_LIMIT_ORDER']);
    expect(check({ intent: { ...sell, price: 2435 } }).ok).toBe(true);
  });

  it('TRIGGER_TICK_SIZE, TRIGGER_CIRCUIT_BAND and TRIGGER_INVALID check the trigger like a price', () => {
    expect(rules(check({ intent: { ...stop, triggerPrice: 2460.02 }, drop: ['price'] }))).toEqual([
      'TRIGGER_TICK_SIZE',
    ]);
    expect(rules(check({ intent: { ...stop, triggerPrice: 2700 }, drop: ['price'] }))).toEqual([
      'TRIGGER_CIRCUIT_BAND',
    ]);
    expect(rules(check({ intent: { ...stop, triggerPrice: -3 }, drop: ['price'] }))).toEqual([
      'TRIGGER_INVALID',
    ]);
  });
});

describe('venue rules', () => {
  it('EXCHANGE_NOT_ALLOWED and PRODUCT_NOT_ALLOWED by policy', () => {
    expect(rules(check({ policy: { allowedExchanges: ['NFO'] } }))).toEqual(['EXCHANGE_NOT_ALLOWED']);
    expect(rules(check({ policy: { allowedProducts: ['I'] } }))).toEqual(['PRODUCT_NOT_ALLOWED']);
  });

  it('PRODUCT_SEGMENT: C only on cash, M only on NFO, I on both', () => {
    expect(rules(check({ intent: { product: 'M' } }))).toEqual(['PRODUCT_SEGMENT']);
    expect(rules(check({ instrument: NIFTY_CALL, intent: { product: 'C' }, market: {} }))).toEqual([
      'PRODUCT_SEGMENT',
    ]);
    expect(check({ intent: { product: 'I' } }).ok).toBe(true);
    expect(check({ instrument: NIFTY_CALL, intent: { product: 'I' }, market: {} }).ok).toBe(true);
  });

  it('INSTRUMENT_MISMATCH and NOT_TRADABLE', () => {
    expect(rules(check({ intent: { tradingSymbol: 'TCS-EQ' } }))).toEqual(['INSTRUMENT_MISMATCH']);
    const index = check({
      instrument: NIFTY_INDEX,
      intent: { tradingSymbol: 'NIFTY 50', price: 24000 },
      market: {},
    });
    expect(rules(index)).toEqual(['NOT_TRADABLE']);
  });
});

describe('switches', () => {
  it('READ_ONLY stops every order', () => {
    const result = check({ policy: { readOnly: true } });
    expect(rules(result)).toEqual(['READ_ONLY']);
    expect(result.violations[0]?.message).toContain('OMSDESK_READ_ONLY=false');
  });

  it('KILL_SWITCH from the runtime flag or the file, naming the file', () => {
    expect(rules(check({ context: { killSwitch: { flag: true, fileExists: false } } }))).toEqual([
      'KILL_SWITCH',
    ]);
    const file = check({
      context: { killSwitch: { flag: false, fileExists: true, filePath: '.omsdesk/KILL' } },
    });
    expect(rules(file)).toEqual(['KILL_SWITCH']);
    expect(file.violations[0]?.message).toContain('the file .omsdesk/KILL exists');
    expect(file.violations[0]?.message).toContain('until that file is deleted');
  });
});

describe('several rules at once', () => {
  it('reports every broken rule, not just the first', () => {
    const result = check({
      instrument: NIFTY_CALL,
      intent: { quantity: 80, price: 120.52, product: 'C' },
      market: { lastPrice: 120, lowerCircuit: 100, upperCircuit: 120.5 },
      policy: { readOnly: true, maxOrderValue: 5000 },
      context: { killSwitch: { flag: true, fileExists: false } },
    });
    expect(rules(result)).toEqual([
      'READ_ONLY',
      'KILL_SWITCH',
      'PRODUCT_SEGMENT',
      'LOT_SIZE',
      'TICK_SIZE',
      'CIRCUIT_BAND',
      'ORDER_VALUE_CAP',
    ]);
    expect(result.ok).toBe(false);
  });

  it('gives every rule a message that says what to do', () => {
    const result = check({ intent: { quantity: 0, price: 2450.07 }, policy: { readOnly: true } });
    for (const v of result.violations) expect(v.message).toMatch(/: [a-z]|\. [A-Z]/);
    expect(new Set(CHECK_RULES).size).toBe(CHECK_RULES.length);
  });
});

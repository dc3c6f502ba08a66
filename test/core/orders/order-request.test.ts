import { describe, expect, it } from 'vitest';
import {
  type OrderRequest,
  orderLeg,
  orderProblems,
  wireSymbol,
} from '../../../src/core/orders/order-request.js';
import {
  composeRemarks,
  newTag,
  remarksHaveTag,
  TAG_PATTERN,
  tagShapedWords,
} from '../../../src/core/orders/tag.js';

const BASE: OrderRequest = {
  exchange: 'NFO',
  tradingSymbol: 'NIFTY24NOV26C24000',
  side: 'SELL',
  quantity: 75,
  priceType: 'SL-LMT',
  price: 12.35,
  triggerPrice: 12.5,
  product: 'M',
  retention: 'IOC',
};

describe('orderLeg', () => {
  it('writes every field as the wire wants it', () => {
    expect(orderLeg(BASE, 'tag-1')).toEqual({
      exchange: 'NFO',
      tradingSymbol: 'NIFTY24NOV26C24000',
      quantity: '75',
      price: '12.35',
      triggerPrice: '12.50',
      product: 'M',
      transactionType: 'S',
      priceType: 'SL-LMT',
      retention: 'IOC',
      remarks: 'tag-1',
    });
  });

  it("formats at the instrument's precision", () => {
    expect(orderLeg({ ...BASE, pricePrecision: 4, price: 82.1275, triggerPrice: 82.12 }, 't').price).toBe(
      '82.1275',
    );
    expect(
      orderLeg({ ...BASE, priceType: 'SL-MKT', price: undefined as unknown as number }, 't'),
    ).toMatchObject({
      price: '0.00',
      triggerPrice: '12.50',
    });
  });

  it('keeps plain symbols and URL-encodes special characters', () => {
    expect(wireSymbol(' RELIANCE-EQ ')).toBe('RELIANCE-EQ');
    expect(wireSymbol('M&M-EQ')).toBe('M%26M-EQ');
  });
});

describe('orderProblems', () => {
  it('accepts a complete order', () => {
    expect(orderProblems(BASE)).toEqual([]);
  });

  it('says what to fix for each mistake', () => {
    const bad = {
      ...BASE,
      exchange: 'MCX',
      side: 'B',
      product: 'X',
      retention: 'GTC',
      tradingSymbol: ' ',
      quantity: -1,
      pricePrecision: 7,
    } as unknown as OrderRequest;
    expect(orderProblems(bad)).toEqual([
      'exchange must be one of NSE, BSE, NFO (got MCX)',
      'side must be one of BUY, SELL (got B)',
      'product must be one of C, M, I (got X)',
      'retention must be one of DAY, EOS, IOC (got GTC)',
      'tradingSymbol is required (for example RELIANCE-EQ)',
      'quantity must be a positive whole number of units (got -1)',
      'pricePrecision must be a whole number from 0 to 4 (got 7)',
      "price 12.35 has more decimals than the instrument's precision (7)",
      "triggerPrice 12.5 has more decimals than the instrument's precision (7)",
    ]);
  });

  it('checks tick multiples exactly (no float drift)', () => {
    expect(orderProblems({ ...BASE, price: 2450.05, triggerPrice: 2450.1, tickSize: 0.05 })).toEqual([]);
    expect(orderProblems({ ...BASE, price: 0.1 + 0.2, triggerPrice: 0.35, tickSize: 0.05 })).toEqual([]);
    expect(orderProblems({ ...BASE, price: 2450.07, tickSize: 0.05 })).toEqual([
      'price 2450.07 is not a multiple of the tick size 0.05',
    ]);
  });

  it('refuses a price on market orders and a trigger on non-stop orders', () => {
    const { triggerPrice: _, ...plain } = BASE;
    expect(orderProblems({ ...plain, priceType: 'MKT', price: 10 })).toEqual([
      'price must be omitted for MKT orders (they execute at the market); use LMT for a limit',
    ]);
    expect(orderProblems({ ...plain, priceType: 'MKT', price: 0 })).toEqual([]);
    expect(orderProblems({ ...BASE, priceType: 'LMT' })).toEqual([
      'triggerPrice applies only to SL-LMT and SL-MKT orders; remove it or change priceType',
    ]);
  });
});

describe('tags and remarks', () => {
  it('generates short unique tags that fit the tag pattern', () => {
    const tags = new Set(Array.from({ length: 500 }, () => newTag()));
    expect(tags.size).toBe(500);
    for (const tag of tags) expect(tag).toMatch(TAG_PATTERN);
  });

  it('puts the tag first and cuts only the caller text to the maximum length', () => {
    expect(composeRemarks('od-abc12345', undefined)).toBe('od-abc12345');
    expect(composeRemarks('od-abc12345', '  hedge\n for   expiry ')).toBe('od-abc12345 hedge for expiry');
    const long = composeRemarks('od-abc12345', 'x'.repeat(200), 30);
    expect(long).toHaveLength(30);
    expect(long.startsWith('od-abc12345 ')).toBe(true);
  });

  it('matches a tag only as a whole word', () => {
    expect(remarksHaveTag('t-1 hedge', 't-1')).toBe(true);
    expect(remarksHaveTag('t-12 hedge', 't-1')).toBe(false);
    expect(remarksHaveTag(undefined, 't-1')).toBe(false);
  });

  it('matches a tag only where omsdesk writes it, first: a tag quoted in the remarks claims nothing', () => {
    expect(remarksHaveTag('omsdesk:TBBBBBBBB omsdesk:TAAAAAAAA', 'omsdesk:TAAAAAAAA')).toBe(false);
    expect(remarksHaveTag('hedge omsdesk:TAAAAAAAA', 'omsdesk:TAAAAAAAA')).toBe(false);
    expect(remarksHaveTag('  omsdesk:TAAAAAAAA hedge', 'omsdesk:TAAAAAAAA')).toBe(true);
  });

  it("drops tag-shaped words from the caller's remarks so no order carries another's tag", () => {
    expect(composeRemarks('od-abc12345', 'hedge omsdesk:TAAAAAAAA od-zzzz9999 for OMSDESK:x')).toBe(
      'od-abc12345 hedge for',
    );
    expect(composeRemarks('omsdesk:TB', 'od-abc12345')).toBe('omsdesk:TB');
    expect(tagShapedWords('fine words omsdesk:T1 and od-abcdefgh')).toEqual(['omsdesk:T1', 'od-abcdefgh']);
  });
});

import { describe, expect, it } from 'vitest';
import { exactSum } from '../../../src/core/domain/account.js';
import { normalizePriceType, normalizeStatus, sideFromWire } from '../../../src/core/domain/enums.js';
import { quoteFromWire } from '../../../src/core/domain/quote.js';
import { parsePriceFactor } from '../../../src/core/domain/security.js';
import { epochIso, istIso, reqPrice } from '../../../src/core/domain/values.js';
import type { QuoteData } from '../../../src/core/wire/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';

describe('status words', () => {
  it.each([
    ['PENDING', 'PENDING'],
    ['open', 'OPEN'],
    ['Trigger Pending', 'TRIGGER_PENDING'],
    ['TRIGGER_PENDING', 'TRIGGER_PENDING'],
    ['COMPLETE', 'COMPLETE'],
    ['Rejected', 'REJECTED'],
    ['CANCELED', 'CANCELED'],
    ['CANCELLED', 'CANCELED'],
    ['cancelled', 'CANCELED'],
    ['AMO RECEIVED', 'UNKNOWN'],
    ['', 'UNKNOWN'],
  ])('%s → %s', (text, status) => {
    expect(normalizeStatus(text)).toBe(status);
  });

  it('reads SUCCESS as COMPLETE only when the whole quantity traded', () => {
    expect(normalizeStatus('SUCCESS', { filled: 20, quantity: 20 })).toBe('COMPLETE');
    expect(normalizeStatus('SUCCESS', { filled: 0, quantity: 20 })).toBe('UNKNOWN');
  });

  it('reads sides and price types in any case, keeping unknown ones as sent', () => {
    expect([sideFromWire('b'), sideFromWire('SELL'), sideFromWire('X')]).toEqual(['BUY', 'SELL', 'UNKNOWN']);
    expect([
      normalizePriceType('sl-lmt'),
      normalizePriceType('SL_MKT'),
      normalizePriceType('BRACKET'),
    ]).toEqual(['SL-LMT', 'SL-MKT', 'BRACKET']);
  });
});

describe('values', () => {
  it('reads both timestamp forms as IST ISO strings and the 1980 sentinel as unknown', () => {
    expect(istIso('10:23:01 20-11-2026')).toBe('2026-11-20T10:23:01+05:30');
    expect(istIso('20-11-2026 10:23:02')).toBe('2026-11-20T10:23:02+05:30');
    expect(istIso('00:00:00 01-01-1980')).toBeUndefined();
    expect(istIso('')).toBeUndefined();
    expect(epochIso('1795150381')).toBe('2026-11-20T10:23:01+05:30');
  });

  it('sums amounts exactly', () => {
    expect(0.1 + 0.2 - 0.3).not.toBe(0);
    expect(exactSum(0.1, 0.2, -0.3)).toBe(0);
    expect(exactSum(500000, 0, 0.05, -24500.55)).toBe(475499.5);
  });

  it('names the field when a required number is not one', () => {
    expect(() => reqPrice('abc', 'data.cash')).toThrow('data.cash: expected a decimal number, got "abc"');
  });
});

describe('quote', () => {
  it('dates the last trade time by the clock when the answer has no request time', () => {
    const { data } = wireCase('quote', 'success') as { data: QuoteData };
    const { requestTime: _, ...rest } = data;
    const quote = quoteFromWire(rest as QuoteData, {}, Date.parse('2026-11-21T09:00:00+05:30'));
    expect(quote.lastTradeTime).toBe('2026-11-21T10:15:01+05:30');
    expect(quote.requestTime).toBeUndefined();
  });

  it('leaves out depth levels the answer does not carry', () => {
    const { data } = wireCase('quote', 'success') as { data: Record<string, string> };
    delete data.bestBuyPrice5;
    delete data.bestSellPrice4;
    delete data.bestSellPrice5;
    const quote = quoteFromWire(data as QuoteData, {}, 0);
    expect([quote.bids.length, quote.asks.length]).toEqual([4, 3]);
  });
});

describe('price factor', () => {
  it('reads ((GN / GD) * (PN / PD))', () => {
    expect(parsePriceFactor('((1 / 1) * (1 / 1))')).toEqual({ text: '((1 / 1) * (1 / 1))', value: 1 });
    expect(parsePriceFactor('((1 / 100) * (1000 / 1))')?.value).toBe(10);
    expect(parsePriceFactor('odd')).toEqual({ text: 'odd', value: undefined });
  });
});

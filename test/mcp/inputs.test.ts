import { describe, expect, it } from 'vitest';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { isGateError } from '../../src/core/gate/index.js';
import { choosePath } from '../../src/mcp/confirm/settings.js';
import { parseIstTime, resolveInstrument, toPriceType, toProduct, toSide } from '../../src/mcp/inputs.js';
import { decodeCursor, encodeCursor, page } from '../../src/mcp/paging.js';

const NOW = Date.UTC(2026, 10, 20, 4, 30, 0); // 10:00 IST

describe('inputs as people say them', () => {
  it('reads sides and products in letters and words', () => {
    expect([toSide('B'), toSide('BUY'), toSide('S'), toSide('SELL')]).toEqual(['BUY', 'BUY', 'SELL', 'SELL']);
    expect([toProduct('CNC'), toProduct('NRML'), toProduct('MIS'), toProduct('I')]).toEqual([
      'C',
      'M',
      'I',
      'I',
    ]);
  });

  it('infers the price type from the prices given', () => {
    expect(toPriceType(undefined, 100, undefined)).toBe('LMT');
    expect(toPriceType(undefined, undefined, undefined)).toBe('MKT');
    expect(toPriceType(undefined, 100, 99)).toBe('SL-LMT');
    expect(toPriceType(undefined, undefined, 99)).toBe('SL-MKT');
    expect(toPriceType('MARKET', 100, undefined)).toBe('MKT');
  });

  it('reads times in IST', () => {
    expect(parseIstTime('now', NOW, 'to')).toBe(NOW);
    expect(parseIstTime('09:15', NOW, 'from')).toBe(Date.UTC(2026, 10, 20, 3, 45));
    expect(parseIstTime('2026-11-20 09:15', NOW, 'from')).toBe(Date.UTC(2026, 10, 20, 3, 45));
    expect(parseIstTime('2026-11-20', NOW, 'from')).toBe(Date.UTC(2026, 10, 19, 18, 30));
    expect(parseIstTime('2026-11-20T09:15:00+05:30', NOW, 'from')).toBe(Date.UTC(2026, 10, 20, 3, 45));
    expect(() => parseIstTime('soon', NOW, 'from')).toThrow(/not a time/);
  });

  it('answers a bare token on an empty master by the named exchange, and refuses without one', () => {
    const empty = parseInstrumentCatalog(
      'exchange,token,tradingSymbol,symbolName,instrument,expiry,strike,optionType,lotSize,tickSize,freezeQty\n',
    );
    expect(resolveInstrument(empty, 'NSE:2885').ref).toEqual({ exchange: 'NSE', token: '2885' });
    expect(resolveInstrument(empty, '2885', 'BSE').ref).toEqual({ exchange: 'BSE', token: '2885' });
    try {
      resolveInstrument(empty, '2885');
      expect.unreachable();
    } catch (error) {
      expect(isGateError(error, 'INSTRUMENT_NOT_FOUND')).toBe(true);
    }
  });
});

describe('paging', () => {
  it('pages with an opaque cursor bound to its list', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const first = page(items, 10, undefined, 'x');
    expect(first.items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const third = page(items, 10, encodeCursor('x', 20), 'x');
    expect(third).toEqual({ items: [20, 21, 22, 23, 24], total: 25 });
    expect(() => decodeCursor('y', first.nextCursor)).toThrow(/cursor/);
  });
});

describe('choosing a confirmation path', () => {
  const facts = (canElicit: boolean, hasChannel: boolean, broker: 'paper' | 'live') => ({
    canElicit,
    hasChannel,
    broker,
  });
  const auto = { mode: 'auto' as const, allowToolConfirmLive: false };
  it('prefers elicitation, then the approval channel, then tool on paper, else none', () => {
    expect(choosePath(auto, facts(true, true, 'live'))).toBe('elicitation');
    expect(choosePath(auto, facts(false, true, 'live'))).toBe('discord');
    expect(choosePath(auto, facts(false, false, 'paper'))).toBe('tool');
    expect(choosePath(auto, facts(false, false, 'live'))).toBe('none');
    expect(choosePath({ mode: 'auto', allowToolConfirmLive: true }, facts(false, false, 'live'))).toBe(
      'none',
    );
  });

  it('keeps an explicit mode to its own path', () => {
    expect(choosePath({ mode: 'elicit', allowToolConfirmLive: false }, facts(false, true, 'paper'))).toBe(
      'none',
    );
    expect(choosePath({ mode: 'tool', allowToolConfirmLive: false }, facts(true, false, 'live'))).toBe(
      'none',
    );
    expect(choosePath({ mode: 'tool', allowToolConfirmLive: true }, facts(true, false, 'live'))).toBe('tool');
  });
});

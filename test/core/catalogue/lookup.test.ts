import { describe, expect, it } from 'vitest';
import { type Instrument, InstrumentCatalog } from '../../../src/core/catalogue/index.js';
import { fixtureCatalog, keys } from './helpers.js';

const catalog = fixtureCatalog();

function resolved(input: string, options = {}): string | undefined {
  const r = catalog.resolve(input, options);
  return r.status === 'found' ? `${r.instrument.exchange}:${r.instrument.tradingSymbol}` : undefined;
}

describe('exact lookup', () => {
  it('finds by EXCHANGE:SYMBOL and EXCHANGE:TOKEN, case-insensitively', () => {
    expect(catalog.get('NSE:RELIANCE-EQ')?.token).toBe('2885');
    expect(catalog.get('NSE:2885')?.tradingSymbol).toBe('RELIANCE-EQ');
    expect(catalog.get('nse:reliance-eq')?.token).toBe('2885');
    expect(catalog.getByToken('BSE', '500325')?.tradingSymbol).toBe('RELIANCE');
    expect(catalog.getBySymbol('NFO', 'nifty24nov26f')?.kind).toBe('FUTIDX');
  });

  it('finds nothing for unknown keys, other exchanges or keys without an exchange', () => {
    expect(catalog.get('NSE:NOPE-EQ')).toBeUndefined();
    expect(catalog.get('BSE:2885')).toBeUndefined();
    expect(catalog.get('RELIANCE-EQ')).toBeUndefined();
    expect(catalog.get('MCX:GOLD')).toBeUndefined();
  });
});

describe('resolve', () => {
  it('resolves a bare symbol to the NSE equity first, then BSE', () => {
    expect(resolved('RELIANCE')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('reliance')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('  Reliance ')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('RELIANCE', { exchange: 'BSE' })).toBe('BSE:RELIANCE');
  });

  it('resolves exchange-qualified symbols, adding -EQ on NSE', () => {
    expect(resolved('NSE:RELIANCE-EQ')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('NSE:RELIANCE')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('BSE:RELIANCE')).toBe('BSE:RELIANCE');
    expect(resolved('nse : tcs')).toBe('NSE:TCS-EQ');
  });

  it('resolves tokens, preferring NSE when several exchanges share one', () => {
    expect(resolved('2885')).toBe('NSE:RELIANCE-EQ');
    expect(resolved('500325')).toBe('BSE:RELIANCE');
    expect(resolved('NSE:2885')).toBe('NSE:RELIANCE-EQ');
    const shared: Instrument[] = [
      {
        exchange: 'BSE',
        token: '77',
        tradingSymbol: 'ACME',
        symbolName: 'ACME',
        kind: 'EQ',
        lotSize: 1,
        tickSize: 0.05,
        freezeQty: 0,
      },
      {
        exchange: 'NSE',
        token: '77',
        tradingSymbol: 'ACME-EQ',
        symbolName: 'ACME',
        kind: 'EQ',
        lotSize: 1,
        tickSize: 0.05,
        freezeQty: 0,
      },
    ];
    const r = new InstrumentCatalog(shared).resolve('77');
    expect(r.status === 'found' && r.instrument.exchange).toBe('NSE');
  });

  it('resolves derivatives, ampersands and URL-encoded symbols', () => {
    expect(resolved('NIFTY24NOV26C24000')).toBe('NFO:NIFTY24NOV26C24000');
    expect(resolved('nifty24nov26c24000')).toBe('NFO:NIFTY24NOV26C24000');
    expect(resolved('M&M')).toBe('NSE:M&M-EQ');
    expect(resolved('M%26M-EQ')).toBe('NSE:M&M-EQ');
    expect(resolved('BSE:M%26M')).toBe('BSE:M&M');
    expect(resolved('BAJAJ-AUTO')).toBe('NSE:BAJAJ-AUTO-EQ');
  });

  it('resolves an index name and compact spellings to the one instrument they name', () => {
    expect(resolved('NIFTY')).toBe('NSE:NIFTY 50');
    expect(resolved('nifty 50')).toBe('NSE:NIFTY 50');
    expect(resolved('NIFTY50')).toBe('NSE:NIFTY 50');
    expect(resolved('BANKNIFTY')).toBe('NSE:NIFTY BANK');
  });

  it('offers up to five candidates when the input names several instruments', () => {
    const r = catalog.resolve('NIFTY', { exchange: 'NFO' });
    expect(r.status).toBe('ambiguous');
    if (r.status === 'found') return;
    expect(keys(r.candidates)).toEqual([
      'NFO:NIFTY24NOV26F',
      'NFO:NIFTY29DEC26F',
      'NFO:NIFTY24NOV26C24000',
      'NFO:NIFTY24NOV26C24050',
      'NFO:NIFTY24NOV26P24000',
    ]);
  });

  it('offers "did you mean" candidates for a typo and none for nonsense', () => {
    const typo = catalog.resolve('RELAINCE');
    expect(typo.status).toBe('not-found');
    if (typo.status !== 'found')
      expect(keys(typo.candidates).slice(0, 2)).toEqual(['NSE:RELIANCE-EQ', 'BSE:RELIANCE']);
    for (const input of ['QQQZZZ', '', 'MCX:GOLD', 'NSE:']) {
      const r = catalog.resolve(input);
      expect(r).toEqual({ status: 'not-found', candidates: [] });
    }
  });

  it('does not cross the exchange it is told to stay on', () => {
    const r = catalog.resolve('NSE:RELIANCE', { exchange: 'BSE' });
    expect(r.status).toBe('not-found');
    expect(resolved('SENSEX', { exchange: 'NSE' })).toBeUndefined();
  });

  it('resolves every fixture instrument by its own key', () => {
    for (const instrument of catalog.all()) {
      expect(resolved(`${instrument.exchange}:${instrument.tradingSymbol}`)).toBe(
        `${instrument.exchange}:${instrument.tradingSymbol}`,
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { compareInstruments, type SearchHit } from '../../../src/core/catalogue/index.js';
import { fixtureCatalog, keys } from './helpers.js';

const catalog = fixtureCatalog();
const symbols = (hits: readonly SearchHit[]): string[] => keys(hits.map((h) => h.instrument));
const matches = (hits: readonly SearchHit[]): string[] => hits.map((h) => h.match);

describe('ranked search', () => {
  it('puts exact matches first, cash before derivatives and NSE before BSE', () => {
    const hits = catalog.search('TCS');
    expect(symbols(hits)).toEqual(['NSE:TCS-EQ', 'BSE:TCS']);
    expect(matches(hits)).toEqual(['exact', 'exact']);
    expect(symbols(catalog.search('M&M'))).toEqual(['NSE:M&M-EQ', 'BSE:M&M']);
  });

  it('matches prefixes of symbols and names, with shorter and nearer-expiry instruments first', () => {
    const hits = catalog.search('REL');
    expect(symbols(hits)).toEqual([
      'NSE:RELIANCE-EQ',
      'NSE:RELINFRA-EQ',
      'BSE:RELIANCE',
      'NFO:RELIANCE24NOV26F',
      'NFO:RELIANCE24NOV26C1400',
      'NFO:RELIANCE24NOV26P1400',
    ]);
    expect(new Set(matches(hits))).toEqual(new Set(['prefix']));
    const prefixed = catalog.search('NIFTY2').filter((h) => h.match === 'prefix');
    expect(symbols(prefixed)).toEqual([
      'NFO:NIFTY24NOV26F',
      'NFO:NIFTY29DEC26F',
      'NFO:NIFTY24NOV26C24000',
      'NFO:NIFTY24NOV26C24050',
      'NFO:NIFTY24NOV26P24000',
    ]);
  });

  it('ranks exact, then prefix, then substring matches', () => {
    const hits = catalog.search('NIFTY', { limit: 30 });
    const tiers = matches(hits);
    expect(tiers.indexOf('prefix')).toBeGreaterThan(tiers.lastIndexOf('exact'));
    expect(tiers.indexOf('substring')).toBeGreaterThan(tiers.lastIndexOf('prefix'));
    expect(symbols(hits)[0]).toBe('NSE:NIFTY 50');
    expect(symbols(hits)).toContain('NFO:BANKNIFTY24NOV26F');
  });

  it('finds substrings anywhere in a symbol', () => {
    expect(symbols(catalog.search('ANCE')).slice(0, 2)).toEqual(['NSE:RELIANCE-EQ', 'BSE:RELIANCE']);
    expect(matches(catalog.search('ANCE'))[0]).toBe('substring');
  });

  it('tolerates typos: swapped, missing and wrong letters', () => {
    for (const typo of ['RELAINCE', 'RELIANSE', 'RLIANCE', 'relaince']) {
      const hits = catalog.search(typo);
      expect(symbols(hits)[0]).toBe('NSE:RELIANCE-EQ');
      expect(hits[0]?.match).toBe('fuzzy');
    }
    expect(symbols(catalog.search('HDFCBNK'))).toEqual(['NSE:HDFCBANK-EQ']);
    expect(symbols(catalog.search('RELIANC'))[0]).toBe('NSE:RELIANCE-EQ');
  });

  it('matches every word of a multi-word query', () => {
    expect(symbols(catalog.search('banknifty 24nov'))).toEqual([
      'NFO:BANKNIFTY24NOV26F',
      'NFO:BANKNIFTY24NOV26C55000',
      'NFO:BANKNIFTY24NOV26P55000',
    ]);
    expect(symbols(catalog.search('nifty 24000 ce'))).toEqual([
      'NFO:NIFTY24NOV26C24000',
      'NFO:NIFTY01DEC26C24000',
    ]);
    expect(symbols(catalog.search('reliance fut'))).toEqual(['NFO:RELIANCE24NOV26F']);
    expect(symbols(catalog.search('banknifyt 24nov'))[0]).toBe('NFO:BANKNIFTY24NOV26F');
    expect(symbols(catalog.search('bank nifty'))[0]).toBe('NSE:NIFTY BANK');
  });

  it('filters by exchange and kind, and honours the limit', () => {
    expect(symbols(catalog.search('RELIANCE', { exchange: 'BSE' }))).toEqual(['BSE:RELIANCE']);
    expect(symbols(catalog.search('NIFTY', { kinds: ['FUTIDX'] }))).toEqual([
      'NFO:NIFTY24NOV26F',
      'NFO:NIFTY29DEC26F',
      'NFO:BANKNIFTY24NOV26F',
    ]);
    expect(catalog.search('NIFTY')).toHaveLength(10);
    expect(catalog.search('NIFTY', { limit: 3 })).toHaveLength(3);
    expect(catalog.search('N', { limit: 100 })).toHaveLength(8);
  });

  it('reads an exchange prefix as a filter', () => {
    expect(symbols(catalog.search('NSE:INFY'))).toEqual(['NSE:INFY-EQ']);
    expect(symbols(catalog.search('bse:reliance'))).toEqual(['BSE:RELIANCE']);
    expect(symbols(catalog.search('NFO: nifty fut'))).toEqual([
      'NFO:NIFTY24NOV26F',
      'NFO:NIFTY29DEC26F',
      'NFO:BANKNIFTY24NOV26F',
    ]);
    expect(catalog.search('BSE:RELIANCE', { exchange: 'NSE' })).toEqual([]);
  });

  it('decodes URL escapes and ignores case and punctuation', () => {
    expect(symbols(catalog.search('m%26m-eq'))[0]).toBe('NSE:M&M-EQ');
    expect(symbols(catalog.search('bajaj auto'))[0]).toBe('NSE:BAJAJ-AUTO-EQ');
    expect(symbols(catalog.search('reliance-eq'))[0]).toBe('NSE:RELIANCE-EQ');
  });

  it('returns nothing for an empty query or one that matches nothing', () => {
    expect(catalog.search('')).toEqual([]);
    expect(catalog.search('  -  ')).toEqual([]);
    expect(catalog.search('QXZQXZ')).toEqual([]);
  });

  it('never returns an instrument twice', () => {
    for (const query of ['NIFTY', 'N', 'RELIANCE', 'nifty 24000', 'RELAINCE', '24']) {
      const found = symbols(catalog.search(query, { limit: 100 }));
      expect(new Set(found).size).toBe(found.length);
    }
  });

  it('breaks ties in the catalogue order (cash, futures, options; nearer expiry; shorter symbol)', () => {
    const all = [...catalog.all()];
    expect([...all].sort(compareInstruments)).toEqual(all);
  });
});

import { describe, expect, it } from 'vitest';
import { createMarket } from '../../../src/sim/market/market.js';
import { isTradable } from '../../../src/sim/market/static-instruments.js';
import type { SimInstrument } from '../../../src/sim/market/types.js';
import { FRIDAY_MORNING, find, ist, realMarket } from './helpers.js';

describe('universe: cash and indices', () => {
  const universe = realMarket().universe(FRIDAY_MORNING);

  it('lists NSE equities with their real tokens, ISINs and names', () => {
    const reliance = find(universe, 'NSE', 'RELIANCE-EQ');
    expect(reliance).toMatchObject({
      token: '2885',
      symbolName: 'RELIANCE',
      companyName: 'RELIANCE INDUSTRIES LTD',
      kind: 'EQ',
      segment: 'EQ',
      isin: 'INE002A01018',
      lotSize: 1,
      tickSize: 0.05,
      pricePrecision: 2,
      freezeQty: 0,
    });
    const tokens = {
      'TCS-EQ': '11536',
      'INFY-EQ': '1594',
      'HDFCBANK-EQ': '1333',
      'ICICIBANK-EQ': '4963',
      'SBIN-EQ': '3045',
      'ITC-EQ': '1660',
    };
    for (const [symbol, token] of Object.entries(tokens))
      expect(find(universe, 'NSE', symbol).token).toBe(token);
    expect(
      universe.instruments.filter((i) => i.exchange === 'NSE' && i.kind === 'EQ').length,
    ).toBeGreaterThanOrEqual(22);
  });

  it('lists M&M-EQ, whose ampersand matters for URL encoding, by symbol and by token', () => {
    expect(find(universe, 'NSE', 'M&M-EQ').token).toBe('2031');
    expect(universe.byToken('NSE', '2031')?.tradingSymbol).toBe('M&M-EQ');
  });

  it('uses a 0.01 tick for stocks priced under 250 rupees', () => {
    expect(find(universe, 'NSE', 'TATASTEEL-EQ').tickSize).toBe(0.01);
  });

  it('lists BSE twins under their scrip codes without the -EQ suffix', () => {
    const codes = {
      RELIANCE: '500325',
      TCS: '532540',
      INFY: '500209',
      HDFCBANK: '500180',
      ICICIBANK: '532174',
      SBIN: '500112',
      ITC: '500875',
    };
    for (const [symbol, code] of Object.entries(codes)) {
      const listing = universe.byToken('BSE', code);
      expect(listing?.tradingSymbol).toBe(symbol);
      expect(listing?.isin).toBe(find(universe, 'NSE', `${symbol}-EQ`).isin);
    }
  });

  it('quotes indices under their exchange with index tokens, and marks them untradable', () => {
    const nse = universe.indices('NSE');
    expect(Object.fromEntries(nse.map((i) => [i.tradingSymbol, i.token]))).toMatchObject({
      'NIFTY 50': '26000',
      'NIFTY BANK': '26009',
      'NIFTY FIN SERVICE': '26037',
      'INDIA VIX': '26017',
    });
    expect(universe.indices('BSE').map((i) => [i.tradingSymbol, i.token])).toEqual([['SENSEX', '1']]);
    for (const i of [...nse, ...universe.indices('BSE')]) {
      expect(i).toMatchObject({ kind: 'INDEX', segment: 'IDX' });
      expect(isTradable(i)).toBe(false);
    }
    expect(universe.indices('NFO')).toEqual([]);
  });

  it('keeps tokens and trading symbols unique within each exchange', () => {
    for (const exchange of ['NSE', 'BSE', 'NFO']) {
      const listed = universe.instruments.filter((i) => i.exchange === exchange);
      expect(new Set(listed.map((i) => i.token)).size).toBe(listed.length);
      expect(new Set(listed.map((i) => i.tradingSymbol)).size).toBe(listed.length);
    }
  });

  it('looks instruments up regardless of the case of the exchange and symbol', () => {
    expect(universe.bySymbol('nse', 'reliance-eq')?.token).toBe('2885');
  });
});

describe('universe: derivatives', () => {
  const market = realMarket();
  const universe = market.universe(FRIDAY_MORNING);
  const nfo = universe.instruments.filter((i) => i.exchange === 'NFO');
  const expiriesOf = (list: readonly SimInstrument[], symbol: string) =>
    [...new Set(list.filter((i) => i.symbolName === symbol).map((i) => i.expiry))].sort();

  it('names contracts the Noren way and links them to their underlying', () => {
    expect(find(universe, 'NFO', 'NIFTY24NOV26F')).toMatchObject({
      kind: 'FUTIDX',
      symbolName: 'NIFTY',
      companyName: 'NIFTY 50',
      segment: 'FO',
      lotSize: 75,
      freezeQty: 1800,
      expiry: ist(2026, 11, 24, 15, 30),
      underlying: 'NSE:26000',
    });
    expect(find(universe, 'NFO', 'NIFTY24NOV26C24000')).toMatchObject({
      kind: 'OPTIDX',
      strike: 24000,
      optionType: 'CE',
    });
    expect(find(universe, 'NFO', 'NIFTY24NOV26P24000')).toMatchObject({
      kind: 'OPTIDX',
      strike: 24000,
      optionType: 'PE',
    });
    expect(find(universe, 'NFO', 'RELIANCE24NOV26F')).toMatchObject({
      kind: 'FUTSTK',
      lotSize: 500,
      underlying: 'NSE:2885',
    });
  });

  it('lists the contract specifications of the index and stock underlyings', () => {
    const spec = (symbol: string) => nfo.find((i) => i.symbolName === symbol && i.kind.startsWith('FUT'));
    expect(spec('BANKNIFTY')).toMatchObject({ lotSize: 35, freezeQty: 900, underlying: 'NSE:26009' });
    expect(spec('FINNIFTY')).toMatchObject({ lotSize: 65, freezeQty: 1800, underlying: 'NSE:26037' });
    expect([
      spec('TCS')?.lotSize,
      spec('INFY')?.lotSize,
      spec('HDFCBANK')?.lotSize,
      spec('SBIN')?.lotSize,
    ]).toEqual([175, 400, 550, 750]);
  });

  it('gives NIFTY four weekly Tuesdays plus three monthly expiries, the others three monthlies', () => {
    const days = expiriesOf(nfo, 'NIFTY').map((e) =>
      new Date((e ?? 0) + 330 * 60_000).toISOString().slice(0, 10),
    );
    expect(days).toEqual([
      '2026-11-24',
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-29',
      '2027-01-26',
    ]);
    expect(expiriesOf(nfo, 'BANKNIFTY')).toHaveLength(3);
    expect(expiriesOf(nfo, 'RELIANCE')).toHaveLength(3);
    expect(nfo.filter((i) => i.kind === 'FUTIDX' && i.symbolName === 'NIFTY')).toHaveLength(3);
  });

  it('keeps an expiring contract until 15:30 IST on its Tuesday and drops it after', () => {
    const before = market.universe(ist(2026, 11, 24, 15, 29, 59));
    const after = market.universe(ist(2026, 11, 24, 15, 30));
    expect(before.bySymbol('NFO', 'NIFTY24NOV26C24000')).toBeDefined();
    expect(after.bySymbol('NFO', 'NIFTY24NOV26C24000')).toBeUndefined();
    expect(after.bySymbol('NFO', 'NIFTY24NOV26F')).toBeUndefined();
    const afterNfo = after.instruments.filter((i) => i.exchange === 'NFO');
    expect(expiriesOf(afterNfo, 'NIFTY')).toHaveLength(7);
    expect(after.bySymbol('NFO', 'NIFTY23FEB27F')).toBeDefined();
  });

  it('moves an expiry that falls on a holiday to the trading day before', () => {
    const withHoliday = (hours: 'real') => ({ seed: 1, hours, holidays: ['2026-12-29'] });
    const universe2 = createMarket(withHoliday('real')).universe(FRIDAY_MORNING);
    expect(universe2.bySymbol('NFO', 'NIFTY28DEC26F')?.expiry).toBe(ist(2026, 12, 28, 15, 30));
    expect(universe2.bySymbol('NFO', 'NIFTY29DEC26F')).toBeUndefined();
  });

  it('lists a fixed strike band around the reference price at the strike step', () => {
    const strikes = nfo.filter((i) => i.tradingSymbol.startsWith('NIFTY24NOV26C')).map((i) => i.strike ?? 0);
    expect(Math.min(...strikes)).toBe(21_250);
    expect(Math.max(...strikes)).toBe(28_750);
    expect(strikes.every((k) => k % 50 === 0)).toBe(true);
    const stock = nfo.filter((i) => i.kind === 'OPTSTK');
    expect(new Set(stock.map((i) => i.symbolName))).toEqual(new Set(['RELIANCE', 'INFY']));
  });

  it('gives a contract the same token on every day it exists and never reuses one within 120 days', () => {
    const tokenOf = new Map<string, string>();
    const symbolOf = new Map<string, string>();
    const conflicts: string[] = [];
    for (let day = 0; day < 120; day += 1) {
      for (const i of market.universe(FRIDAY_MORNING + day * 86_400_000).instruments) {
        if (i.exchange !== 'NFO') continue;
        if ((tokenOf.get(i.tradingSymbol) ?? i.token) !== i.token)
          conflicts.push(`${i.tradingSymbol} changed token`);
        if ((symbolOf.get(i.token) ?? i.tradingSymbol) !== i.tradingSymbol)
          conflicts.push(`${i.token} reused`);
        tokenOf.set(i.tradingSymbol, i.token);
        symbolOf.set(i.token, i.tradingSymbol);
      }
    }
    expect(conflicts).toEqual([]);
    expect(tokenOf.size).toBeGreaterThan(10_000);
  });

  it('hands out the same tokens whatever the seed', () => {
    const other = realMarket(99).universe(FRIDAY_MORNING);
    expect(other.bySymbol('NFO', 'NIFTY24NOV26C24000')?.token).toBe(
      find(universe, 'NFO', 'NIFTY24NOV26C24000').token,
    );
  });

  it('returns the same universe object for two instants of one day', () => {
    expect(market.universe(ist(2026, 11, 20, 9))).toBe(market.universe(ist(2026, 11, 20, 14)));
  });
});

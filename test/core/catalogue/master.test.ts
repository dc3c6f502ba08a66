import { describe, expect, it } from 'vitest';
import { type InstrumentCatalog, parseInstrumentCatalog } from '../../../src/core/catalogue/index.js';
import { generateMasterCsv } from '../../fixtures/catalogue/master.js';

let catalog: InstrumentCatalog | undefined;
const big = (): InstrumentCatalog => {
  catalog ??= parseInstrumentCatalog(generateMasterCsv(100_000));
  return catalog;
};

function medianMs(run: () => unknown, times = 101): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] ?? 0;
}

describe('a 100k-row master', () => {
  it('loads every row', () => {
    expect(big().size).toBe(100_000);
    expect(big().report.skipped).toBe(0);
  });

  it('finds the right things by prefix, substring, typo and several words', () => {
    const c = big();
    expect(c.search('RELIANC')[0]?.instrument.tradingSymbol).toBe('RELIANCE-EQ');
    expect(c.search('RELAINCE')[0]?.instrument.tradingSymbol).toBe('RELIANCE-EQ');
    expect(c.search('HDFCBNK')[0]?.instrument.tradingSymbol).toBe('HDFCBANK-EQ');
    const weekly = c.search('banknifty 24nov', { limit: 50 });
    expect(weekly).toHaveLength(50);
    expect(weekly.every((h) => h.instrument.tradingSymbol.startsWith('BANKNIFTY24NOV26'))).toBe(true);
    const calls = c.search('nifty 24000 ce', { limit: 6 }).map((h) => h.instrument.tradingSymbol);
    expect(calls).toEqual([
      'NIFTY24NOV26C24000',
      'NIFTY01DEC26C24000',
      'NIFTY08DEC26C24000',
      'NIFTY15DEC26C24000',
      'NIFTY22DEC26C24000',
      'NIFTY29DEC26C24000',
    ]);
    const r = c.resolve('NIFTY24NOV26C24000');
    expect(r.status === 'found' && r.instrument.token).toBeTruthy();
  });

  it('answers queries without scanning the master (generous bound: a scan takes tens of ms)', () => {
    const c = big();
    for (const query of ['N', 'REL', 'ANCE', 'RELAINCE', 'banknifty 24nov', 'nifty 24000 ce', 'QXZQXZ']) {
      c.search(query);
      expect(
        medianMs(() => c.search(query)),
        query,
      ).toBeLessThan(2);
    }
  });
});

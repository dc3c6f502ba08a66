import { describe, expect, it } from 'vitest';
import { CatalogueError, parsePublishedMasters } from '../../../src/core/catalogue/index.js';
import { derivativesFile, SAMPLE_MASTERS } from '../../fixtures/catalogue/zip.js';
import { keys } from './helpers.js';

const sample = () =>
  parsePublishedMasters([
    { name: 'NSE_symbols.txt', text: SAMPLE_MASTERS.NSE },
    { name: 'BSE_symbols.txt', text: SAMPLE_MASTERS.BSE },
    { name: 'NFO_symbols.txt', text: SAMPLE_MASTERS.NFO },
  ]);

describe('parsePublishedMasters (Noren-style symbol files)', () => {
  it('reads every NSE series and BSE group as a cash instrument, with the published tick size', () => {
    const c = sample();
    expect(c.get('NSE:RELIANCE-EQ')).toEqual({
      exchange: 'NSE',
      token: '2885',
      tradingSymbol: 'RELIANCE-EQ',
      symbolName: 'RELIANCE',
      kind: 'EQ',
      lotSize: 1,
      tickSize: 0.1,
      freezeQty: 0,
    });
    expect(c.get('NSE:ZODIAC-BE')?.kind).toBe('EQ');
    expect(c.get('NSE:WALPAR-SM')).toMatchObject({ kind: 'EQ', lotSize: 2000 });
    expect(c.get('NSE:TCS-EQ')?.tickSize).toBe(1);
    expect(keys(c.all().filter((i) => i.exchange === 'BSE'))).toEqual([
      'BSE:SRTL',
      'BSE:KIAASA',
      'BSE:RELIANCE',
      'BSE:124PFSPL28',
    ]);
    expect(
      c
        .all()
        .filter((i) => i.exchange === 'BSE')
        .every((i) => i.kind === 'EQ'),
    ).toBe(true);
  });

  it('reads index rows as indices, giving their published tick size of 0 a usable step', () => {
    expect(sample().getByToken('NSE', '26000')).toEqual({
      exchange: 'NSE',
      token: '26000',
      tradingSymbol: 'NIFTY INDEX',
      symbolName: 'NIFTY 50',
      kind: 'INDEX',
      lotSize: 1,
      tickSize: 0.05,
      freezeQty: 0,
    });
  });

  it('reads options with expiry, strike and type, and futures whatever their placeholder strike and XX type', () => {
    const c = sample();
    expect(c.get('NFO:NIFTY24NOV26P24000')).toEqual({
      exchange: 'NFO',
      token: '35003',
      tradingSymbol: 'NIFTY24NOV26P24000',
      symbolName: 'NIFTY',
      kind: 'OPTIDX',
      expiry: '2026-11-24',
      strike: 24000,
      optionType: 'PE',
      lotSize: 75,
      tickSize: 0.05,
      freezeQty: 0,
    });
    expect(c.get('NFO:NIFTY24NOV26F')).toEqual({
      exchange: 'NFO',
      token: '35001',
      tradingSymbol: 'NIFTY24NOV26F',
      symbolName: 'NIFTY',
      kind: 'FUTIDX',
      expiry: '2026-11-24',
      lotSize: 75,
      tickSize: 0.1,
      freezeQty: 0,
    });
    expect(c.get('NFO:RELIANCE29DEC26P1600')).toMatchObject({
      kind: 'OPTSTK',
      strike: 1600,
      expiry: '2026-12-29',
    });
  });

  it('skips the empty placeholder rows the files carry, and names the file in the report', () => {
    const report = sample().report;
    expect(report).toMatchObject({ rows: 15, loaded: 14, skipped: 1 });
    expect(report.problems).toEqual([{ line: 2, reason: 'NFO_symbols.txt: empty tradingSymbol' }]);
  });

  it('resolves what people type against the published names', () => {
    const c = sample();
    const reliance = c.resolve('RELIANCE');
    expect(reliance.status === 'found' && reliance.instrument.tradingSymbol).toBe('RELIANCE-EQ');
    const bse = c.resolve('BSE:RELIANCE');
    expect(bse.status === 'found' && bse.instrument.token).toBe('500325');
  });

  it('refuses a file without the published header, or without a single usable row, naming it', () => {
    const bad = (text: string): string => {
      try {
        parsePublishedMasters([{ name: 'NFO_symbols.txt', text }]);
      } catch (error) {
        expect(error).toBeInstanceOf(CatalogueError);
        return (error as Error).message;
      }
      throw new Error('parsed');
    };
    expect(bad('<html>Service Unavailable</html>\n')).toBe(
      'NFO_symbols.txt lacks the column(s) exchange, token, tradingSymbol, instrument, lotSize, tickSize (line 1).',
    );
    expect(bad(derivativesFile(['NFO,48577,,,,,,,0,0,']))).toBe(
      'NFO_symbols.txt holds no usable instrument rows.',
    );
    expect(bad('')).toBe('NFO_symbols.txt is empty: no header line.');
  });
});

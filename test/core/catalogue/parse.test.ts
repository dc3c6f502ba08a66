import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../src/core/catalogue/csv.js';
import {
  CatalogueError,
  INSTRUMENT_CSV_HEADER,
  loadInstrumentCatalog,
  parseInstrumentCatalog,
} from '../../../src/core/catalogue/index.js';
import { FIXTURE_PATH, fixtureCatalog } from './helpers.js';

function records(text: string): Array<{ fields: string[]; line: number; problem?: string }> {
  const out: Array<{ fields: string[]; line: number; problem?: string }> = [];
  readCsv(text, (fields, line, problem) =>
    out.push(problem === undefined ? { fields, line } : { fields, line, problem }),
  );
  return out;
}

describe('CSV reading (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and numbers lines', () => {
    const text = 'a,b\r\n"x,1","say ""hi"""\n"multi\nline",z\n\nlast,row';
    expect(records(text)).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x,1', 'say "hi"'], line: 2 },
      { fields: ['multi\nline', 'z'], line: 3 },
      { fields: ['last', 'row'], line: 6 },
    ]);
  });

  it('skips a BOM and blank lines, and flags an unterminated quote', () => {
    expect(records('\uFEFFa,b\n\n  \n"open,c')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['open,c'], line: 4, problem: 'unterminated quoted field' },
    ]);
  });
});

describe('parseInstrumentCatalog', () => {
  it('reads the simulator export into typed instruments', () => {
    const catalog = fixtureCatalog();
    expect(catalog.report).toEqual({ rows: 29, loaded: 29, skipped: 0, problems: [] });
    expect(catalog.get('NSE:RELIANCE-EQ')).toEqual({
      exchange: 'NSE',
      token: '2885',
      tradingSymbol: 'RELIANCE-EQ',
      symbolName: 'RELIANCE',
      kind: 'EQ',
      lotSize: 1,
      tickSize: 0.05,
      freezeQty: 0,
    });
    expect(catalog.get('NFO:NIFTY24NOV26C24000')).toEqual({
      exchange: 'NFO',
      token: '40001',
      tradingSymbol: 'NIFTY24NOV26C24000',
      symbolName: 'NIFTY',
      kind: 'OPTIDX',
      expiry: '2026-11-24',
      strike: 24000,
      optionType: 'CE',
      lotSize: 75,
      tickSize: 0.05,
      freezeQty: 1800,
    });
    expect(catalog.get('NFO:NIFTY29DEC26F')?.expiry).toBe('2026-12-29');
    expect(catalog.get('NSE:M&M-EQ')?.symbolName).toBe('M&M');
  });

  it('reads a user master: any header case and order, extra columns, CRLF, BOM, blank lines', () => {
    const csv = [
      '\uFEFFTradingSymbol,Token,EXCHANGE,Instrument,LotSize,TickSize,Segment,Expiry,StrikePrice,OptionType,SymbolName',
      'SBIN-EQ,3045,nse,eq,1,0.05,CM,,,,SBIN',
      '',
      'SBIN24NOV26P800,50001,NFO,OPTSTK,750,0.05,FO,24-nov-2026,800,pe,SBIN',
      '',
    ].join('\r\n');
    const catalog = parseInstrumentCatalog(csv);
    expect(catalog.report).toEqual({ rows: 2, loaded: 2, skipped: 0, problems: [] });
    expect(catalog.get('NSE:SBIN-EQ')?.freezeQty).toBe(0);
    expect(catalog.get('NFO:SBIN24NOV26P800')).toMatchObject({
      optionType: 'PE',
      strike: 800,
      expiry: '2026-11-24',
    });
  });

  it('accepts broker-style column names and derives a missing symbol name', () => {
    const csv =
      'Exchange,Token,LotSize,Symbol,TradingSymbol,Instrument,TickSize\nNSE,1594,1,INFY,INFY-EQ,EQ,0.05\nNSE,11536,1,,TCS-EQ,EQ,0.05\n';
    const catalog = parseInstrumentCatalog(csv);
    expect(catalog.get('NSE:INFY-EQ')?.symbolName).toBe('INFY');
    expect(catalog.get('NSE:TCS-EQ')?.symbolName).toBe('TCS');
  });

  it('skips and counts rows it cannot read, with line numbers and reasons', () => {
    const csv = [
      INSTRUMENT_CSV_HEADER,
      'NSE,2885,RELIANCE-EQ,RELIANCE,EQ,,,,1,0.05,0',
      'MCX,1,GOLD,GOLD,FUTCOM,,,,1,1,0',
      'NSE,3045,SBIN-EQ,SBIN,EQ,,,,0,0.05,0',
      'NFO,9,NIFTY24NOV26F,NIFTY,FUTIDX,2026-11-24,,,75,0.1,1800',
      'NFO,10,NIFTY24NOV26C1,NIFTY,OPTIDX,24-NOV-2026,,CE,75,0.05,1800',
      'NSE,2885,RELIANCE2-EQ,RELIANCE,EQ,,,,1,0.05,0',
      'NSE,1660,ITC-EQ,ITC,EQ,,,,1,abc,0',
    ].join('\n');
    const catalog = parseInstrumentCatalog(csv);
    expect(catalog.size).toBe(1);
    expect(catalog.report.rows).toBe(7);
    expect(catalog.report.skipped).toBe(6);
    expect(catalog.report.problems).toEqual([
      { line: 3, reason: 'unsupported exchange "MCX"' },
      { line: 4, reason: 'invalid lotSize "0"' },
      { line: 5, reason: 'invalid expiry "2026-11-24" for FUTIDX' },
      { line: 6, reason: 'invalid strike "" for OPTIDX' },
      { line: 7, reason: 'duplicate NSE:RELIANCE2-EQ' },
      { line: 8, reason: 'invalid tickSize "abc"' },
    ]);
  });

  it('keeps only the first few problems verbatim but counts them all', () => {
    const bad = Array.from({ length: 25 }, (_, i) => `XXX,${i},S${i},S,EQ,,,,1,0.05,0`);
    const catalog = parseInstrumentCatalog([INSTRUMENT_CSV_HEADER, ...bad].join('\n'));
    expect(catalog.report.skipped).toBe(25);
    expect(catalog.report.problems).toHaveLength(10);
    expect(catalog.report.problems[0]).toEqual({ line: 2, reason: 'unsupported exchange "XXX"' });
  });

  it('refuses a header without a required column, naming it', () => {
    const attempt = () =>
      parseInstrumentCatalog('exchange,token,symbolName,instrument,lotSize\nNSE,1,A,EQ,1\n');
    expect(attempt).toThrow(CatalogueError);
    expect(attempt).toThrow(/tradingSymbol, tickSize/);
    try {
      attempt();
    } catch (error) {
      expect((error as CatalogueError).missingColumns).toEqual(['tradingSymbol', 'tickSize']);
    }
  });

  it('refuses an empty file', () => {
    expect(() => parseInstrumentCatalog('\n\n')).toThrow(/empty/);
  });
});

describe('loadInstrumentCatalog', () => {
  it('loads from a path or from text alike', async () => {
    const fromPath = await loadInstrumentCatalog({ path: FIXTURE_PATH });
    const fromText = await loadInstrumentCatalog({
      csv: `${INSTRUMENT_CSV_HEADER}\nNSE,1,A-EQ,A,EQ,,,,1,0.05,0\n`,
    });
    expect(fromPath.size).toBe(29);
    expect(fromText.get('NSE:A-EQ')?.token).toBe('1');
  });

  it('says which file it could not read', async () => {
    await expect(loadInstrumentCatalog({ path: '/nonexistent/master.csv' })).rejects.toThrow(
      /Cannot read the instrument master \/nonexistent\/master\.csv \(ENOENT\)/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csvField, INSTRUMENTS_CSV_HEADER, instrumentsCsv } from '../../../src/sim/market/instruments-csv.js';
import { FRIDAY_MORNING, find, realMarket } from './helpers.js';

const universe = realMarket().universe(FRIDAY_MORNING);
const csv = instrumentsCsv(universe);
const lines = csv.trimEnd().split('\n');

describe('instrument CSV export', () => {
  it('starts with the exact header', () => {
    expect(INSTRUMENTS_CSV_HEADER).toBe(
      'exchange,token,tradingSymbol,symbolName,instrument,expiry,strike,optionType,lotSize,tickSize,freezeQty',
    );
    expect(lines[0]).toBe(INSTRUMENTS_CSV_HEADER);
  });

  it('writes one line of eleven fields per instrument, ending in a newline', () => {
    expect(lines).toHaveLength(universe.instruments.length + 1);
    expect(csv.endsWith('\n')).toBe(true);
    expect(lines.every((l) => l.split(',').length === 11)).toBe(true);
  });

  it('writes an option with its expiry, strike and type', () => {
    const token = find(universe, 'NFO', 'NIFTY24NOV26C24000').token;
    expect(lines).toContain(
      `NFO,${token},NIFTY24NOV26C24000,NIFTY,OPTIDX,24-NOV-2026,24000.00,CE,75,0.05,1800`,
    );
  });

  it('writes a future with an expiry and empty strike and type', () => {
    const token = find(universe, 'NFO', 'RELIANCE29DEC26F').token;
    expect(lines).toContain(`NFO,${token},RELIANCE29DEC26F,RELIANCE,FUTSTK,29-DEC-2026,,,500,0.05,10000`);
  });

  it('writes the M&M row with its ampersand as is, and indices with their spaces', () => {
    expect(lines).toContain('NSE,2031,M&M-EQ,M&M,EQ,,,,1,0.05,0');
    expect(lines).toContain('BSE,500520,M&M,M&M,EQ,,,,1,0.05,0');
    expect(lines).toContain('NSE,26000,NIFTY 50,NIFTY,INDEX,,,,1,0.05,0');
    expect(lines).toContain('NSE,3499,TATASTEEL-EQ,TATASTEEL,EQ,,,,1,0.01,0');
  });

  it('quotes fields with commas, quotes or line breaks per RFC 4180', () => {
    expect(csvField('PLAIN')).toBe('PLAIN');
    expect(csvField('A,B')).toBe('"A,B"');
    expect(csvField('SAY "HI"')).toBe('"SAY ""HI"""');
    expect(csvField('TWO\nLINES')).toBe('"TWO\nLINES"');
  });
});

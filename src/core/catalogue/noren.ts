import type { Exchange } from '../vocabulary/index.js';
import type { ColumnMap } from './columns.js';
import { createRowReader, type RowResult } from './row.js';

/** The text file of an exchange's published master: `NSE_symbols.txt` (served zipped, `NSE_symbols.txt.zip`). */
export function symbolFileName(exchange: Exchange): string {
  return `${exchange}_symbols.txt`;
}

// Index rows publish a tick size of 0: an index is quoted, never ordered, so any positive step will do.
const INDEX_TICK = '0.05';
const INDEX_KINDS = new Set(['INDEX', 'UNDIND']);

/**
 * A reader of rows of a Noren-style symbol file (`Exchange,Token,LotSize,Symbol,TradingSymbol,
 * Instrument,TickSize,` for cash, plus `Expiry,OptionType,StrikePrice` for derivatives). Cash rows name
 * the series (`EQ`, `BE`, `SM` on NSE) or the group (`A`, `B`, `T`, `F` on BSE) in the Instrument column:
 * all of them are cash instruments (`EQ`), apart from index rows.
 */
export function createNorenRowReader(columns: ColumnMap): (fields: readonly string[]) => RowResult {
  const read = createRowReader(columns);
  const { exchange: ex, instrument: inst, tickSize: tick } = columns;
  return (fields) => {
    const exchange = (fields[ex] ?? '').trim().toUpperCase();
    if (exchange !== 'NSE' && exchange !== 'BSE') return read(fields);
    const row = [...fields];
    if (INDEX_KINDS.has((row[inst] ?? '').trim().toUpperCase())) {
      row[inst] = 'INDEX';
      if (tick >= 0 && Number(row[tick] ?? '') === 0) row[tick] = INDEX_TICK;
    } else {
      row[inst] = 'EQ';
    }
    return read(row);
  };
}

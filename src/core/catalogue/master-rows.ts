import { InstrumentCatalog, MAX_REPORTED_PROBLEMS, type RowProblem } from './catalog.js';
import { type ColumnMap, mapColumns } from './columns.js';
import { readCsv } from './csv.js';
import { CatalogueError } from './errors.js';
import type { Instrument } from './instrument.js';
import type { RowResult } from './row.js';

/** Makes the reader of one master's rows from where its header puts each column. */
export type RowReaderFactory = (columns: ColumnMap) => (fields: readonly string[]) => RowResult;

/** Instruments read so far, from one master or several, with the rows skipped and the first reasons. */
export interface MasterRows {
  readonly instruments: Instrument[];
  readonly lines: number[];
  readonly problems: RowProblem[];
  rows: number;
  skipped: number;
}

/** An empty collection of rows. */
export function emptyRows(): MasterRows {
  return { instruments: [], lines: [], problems: [], rows: 0, skipped: 0 };
}

/**
 * Reads one master's CSV into `into`: the first record is the header, every later one a row. Throws a
 * `CatalogueError` naming `file` (or "The instrument master") when the header lacks a required column or
 * there is no header; problems with rows are prefixed with `file` when one is given.
 */
export function readMasterRows(
  csv: string,
  makeReader: RowReaderFactory,
  into: MasterRows,
  file?: string,
): void {
  const what = file ?? 'The instrument master';
  let readRow: ((fields: readonly string[]) => RowResult) | undefined;
  const skip = (line: number, reason: string): void => {
    into.skipped += 1;
    if (into.problems.length < MAX_REPORTED_PROBLEMS) {
      into.problems.push({ line, reason: file === undefined ? reason : `${file}: ${reason}` });
    }
  };
  readCsv(csv, (fields, line, problem) => {
    if (readRow === undefined) {
      const mapped = mapColumns(fields);
      if (mapped.missing.length > 0) {
        throw new CatalogueError(
          `${what} lacks the column(s) ${mapped.missing.join(', ')} (line ${line}).`,
          mapped.missing,
        );
      }
      readRow = makeReader(mapped.columns);
      return;
    }
    into.rows += 1;
    if (problem !== undefined) return skip(line, problem);
    const result = readRow(fields);
    if ('problem' in result) return skip(line, result.problem);
    into.instruments.push(result.instrument);
    into.lines.push(line);
  });
  if (readRow === undefined) throw new CatalogueError(`${what} is empty: no header line.`);
}

/** The catalogue of everything read. */
export function catalogOf(rows: MasterRows): InstrumentCatalog {
  return new InstrumentCatalog(rows.instruments, rows);
}

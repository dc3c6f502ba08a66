import { readFile } from 'node:fs/promises';
import { InstrumentCatalog, MAX_REPORTED_PROBLEMS, type RowProblem } from './catalog.js';
import { mapColumns } from './columns.js';
import { readCsv } from './csv.js';
import { CatalogueError } from './errors.js';
import type { Instrument } from './instrument.js';
import { createRowReader, type RowResult } from './row.js';

/** Parses a master CSV (the simulator's export or a user's file) into a catalogue; throws on a bad header. */
export function parseInstrumentCatalog(csv: string): InstrumentCatalog {
  const instruments: Instrument[] = [];
  const problems: RowProblem[] = [];
  const lines: number[] = [];
  let readRow: ((fields: readonly string[]) => RowResult) | undefined;
  let rows = 0;
  let skipped = 0;
  const skip = (line: number, reason: string): void => {
    skipped += 1;
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push({ line, reason });
  };

  readCsv(csv, (fields, line, problem) => {
    if (readRow === undefined) {
      const mapped = mapColumns(fields);
      if (mapped.missing.length > 0) {
        throw new CatalogueError(
          `The instrument master lacks the column(s) ${mapped.missing.join(', ')} (line ${line}).`,
          mapped.missing,
        );
      }
      readRow = createRowReader(mapped.columns);
      return;
    }
    rows += 1;
    if (problem !== undefined) return skip(line, problem);
    const result = readRow(fields);
    if ('problem' in result) return skip(line, result.problem);
    instruments.push(result.instrument);
    lines.push(line);
  });
  if (readRow === undefined) throw new CatalogueError('The instrument master is empty: no header line.');
  return new InstrumentCatalog(instruments, { rows, skipped, problems, lines });
}

/** Loads a master CSV from a file or from text. */
export async function loadInstrumentCatalog(
  source: { readonly path: string } | { readonly csv: string },
): Promise<InstrumentCatalog> {
  if ('csv' in source) return parseInstrumentCatalog(source.csv);
  let text: string;
  try {
    text = await readFile(source.path, 'utf8');
  } catch (cause) {
    const code = (cause as { code?: string }).code ?? 'unreadable';
    throw new CatalogueError(`Cannot read the instrument master ${source.path} (${code}).`, [], { cause });
  }
  return parseInstrumentCatalog(text);
}

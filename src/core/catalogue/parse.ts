import { readFile } from 'node:fs/promises';
import type { InstrumentCatalog } from './catalog.js';
import { CatalogueError } from './errors.js';
import { catalogOf, emptyRows, readMasterRows } from './master-rows.js';
import { createRowReader } from './row.js';

/** Parses a master CSV (the simulator's export or a user's file) into a catalogue; throws on a bad header. */
export function parseInstrumentCatalog(csv: string): InstrumentCatalog {
  const rows = emptyRows();
  readMasterRows(csv, createRowReader, rows);
  return catalogOf(rows);
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

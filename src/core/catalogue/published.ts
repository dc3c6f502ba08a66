import type { InstrumentCatalog } from './catalog.js';
import { CatalogueError } from './errors.js';
import { catalogOf, emptyRows, readMasterRows } from './master-rows.js';
import { createNorenRowReader } from './noren.js';

/** One published symbol file's text and its name (`NSE_symbols.txt`). */
export interface PublishedFile {
  readonly name: string;
  readonly text: string;
}

/**
 * Parses Noren-style symbol files (one per exchange) into one catalogue. Throws a `CatalogueError` naming
 * the file when one has no usable header or not a single usable row (a broken download, not a master).
 */
export function parsePublishedMasters(files: readonly PublishedFile[]): InstrumentCatalog {
  const rows = emptyRows();
  for (const file of files) {
    const before = rows.instruments.length;
    readMasterRows(file.text, createNorenRowReader, rows, file.name);
    if (rows.instruments.length === before) {
      throw new CatalogueError(`${file.name} holds no usable instrument rows.`);
    }
  }
  return catalogOf(rows);
}

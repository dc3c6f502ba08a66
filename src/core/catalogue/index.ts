export {
  type CatalogReport,
  type CatalogSource,
  InstrumentCatalog,
  MAX_REPORTED_PROBLEMS,
  type RowProblem,
  type SearchHit,
} from './catalog.js';
export type { MatchTier } from './collector.js';
export {
  INSTRUMENT_CSV_COLUMNS,
  INSTRUMENT_CSV_HEADER,
  type InstrumentColumn,
  REQUIRED_COLUMNS,
} from './columns.js';
export { CatalogueError } from './errors.js';
export {
  compareInstruments,
  type Instrument,
  instrumentKey,
  isDerivative,
  isFuture,
  isOption,
} from './instrument.js';
export { loadInstrumentCatalog, parseInstrumentCatalog } from './parse.js';
export { MAX_CANDIDATES, type Resolution, type ResolveOptions } from './resolve.js';
export type { SearchOptions } from './search.js';

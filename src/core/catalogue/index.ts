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
export { type LoadedMasters, loadPublishedMasters, type PublishedMastersOptions } from './masters.js';
export { DEFAULT_MASTER_LIMITS, type MasterLimits } from './masters-download.js';
export { DEFAULT_REFRESH_TIME, type RefreshSchedule } from './masters-schedule.js';
export { symbolFileName } from './noren.js';
export { loadInstrumentCatalog, parseInstrumentCatalog } from './parse.js';
export { type PublishedFile, parsePublishedMasters } from './published.js';
export { MASTERS_RETRY_MS, PublishedMasters } from './published-masters.js';
export { MAX_CANDIDATES, type Resolution, type ResolveOptions } from './resolve.js';
export type { SearchOptions } from './search.js';

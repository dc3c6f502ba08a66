/**
 * omsdesk as a library: the typed client of the brokerage API, the order gate every order passes
 * through, the instrument catalogue, the audit log, and the paper broker that speaks the same API.
 */

export {
  type Actor,
  type AuditEntry,
  AuditLog,
  type AuditVerdict,
  verifyAuditLog,
} from './core/audit/index.js';
export {
  type CatalogReport,
  CatalogueError,
  DEFAULT_MASTER_LIMITS,
  DEFAULT_REFRESH_TIME,
  type Instrument,
  InstrumentCatalog,
  instrumentKey,
  isDerivative,
  isFuture,
  isOption,
  type LoadedMasters,
  loadInstrumentCatalog,
  loadPublishedMasters,
  type MasterLimits,
  type MatchTier,
  PublishedMasters,
  type PublishedMastersOptions,
  parseInstrumentCatalog,
  parsePublishedMasters,
  type RefreshSchedule,
  type Resolution,
  type ResolveOptions,
  type SearchHit,
  type SearchOptions,
} from './core/catalogue/index.js';
export type { TradingPolicy } from './core/checks/index.js';
export * from './core/client/index.js';
export * from './core/gate/index.js';
export { Redactor } from './core/redact.js';
export {
  CANDLE_INTERVALS,
  type CandleInterval,
  EXCHANGES,
  type Exchange,
  INSTRUMENT_KINDS,
  type InstrumentKind,
  OPTION_TYPES,
  type OptionType,
  ORDER_STATUSES,
  type OrderStatus,
  PRICE_TYPES,
  PRODUCTS,
  type PriceType,
  type Product,
  RETENTIONS,
  type Retention,
  SIDES,
  type Side,
} from './core/vocabulary/index.js';
export { DEMO_ACCOUNT, type SimAccountConfig } from './sim/accounts.js';
export { ManualClock, type SimClock, SystemClock } from './sim/clock.js';
export { createSimulator, type Simulator, type SimulatorOptions } from './sim/create-simulator.js';

import type { BenchCase } from '../harness/types.js';
import { auditHistoryCase } from './audit-history.js';
import { catalogueCase } from './catalogue.js';
import { chartCase } from './chart.js';
import { clientVsFetchCase } from './client-fetch.js';
import { clientVsUndiciCase } from './client-undici.js';
import { coldStartCase } from './cold-start.js';
import { idleMemoryCase } from './idle-memory.js';
import { laneIsolationCase } from './lane-isolation.js';
import { loadRunCase } from './load-run.js';
import { mcpQuoteCase } from './mcp-quote.js';
import { memoryGrowthCase } from './memory-growth.js';
import { noiseFloorCase } from './noise-floor.js';
import { simVsHttpCase } from './sim-http.js';
import { teamLoadCase } from './team-load.js';
import { watcherDiffCase, watcherLookCase } from './watcher.js';
import { webDeskCase } from './web-desk.js';

/** Every case, in the order a full run takes them. */
export const CASES: readonly BenchCase[] = [
  noiseFloorCase,
  clientVsUndiciCase('instant', 1),
  clientVsUndiciCase('instant', 8),
  clientVsUndiciCase('paper', 1),
  clientVsUndiciCase('paper', 8),
  clientVsFetchCase,
  mcpQuoteCase,
  simVsHttpCase('quotes'),
  simVsHttpCase('orderbook'),
  simVsHttpCase('place'),
  chartCase,
  catalogueCase,
  watcherDiffCase,
  watcherLookCase,
  teamLoadCase,
  laneIsolationCase,
  coldStartCase,
  auditHistoryCase,
  webDeskCase,
  idleMemoryCase,
  memoryGrowthCase,
  loadRunCase,
];

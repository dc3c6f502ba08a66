import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InstrumentCatalog, parseInstrumentCatalog } from '../../../src/core/catalogue/index.js';

/** Path of the small fixture master in the simulator's format. */
export const FIXTURE_PATH = join(import.meta.dirname, '../../fixtures/catalogue/instruments.csv');

/** The small fixture master, parsed. */
export function fixtureCatalog(): InstrumentCatalog {
  return parseInstrumentCatalog(readFileSync(FIXTURE_PATH, 'utf8'));
}

/** `EXCHANGE:SYMBOL` of each hit or candidate, for readable assertions. */
export function keys(instruments: ReadonlyArray<{ exchange: string; tradingSymbol: string }>): string[] {
  return instruments.map((i) => `${i.exchange}:${i.tradingSymbol}`);
}

import type { BenchCase } from '../harness/types.js';
import { clientVsUndiciCase } from './client-undici.js';
import { noiseFloorCase } from './noise-floor.js';
import { simVsHttpCase } from './sim-http.js';

/** Every case, in the order a full run takes them. */
export const CASES: readonly BenchCase[] = [
  noiseFloorCase,
  clientVsUndiciCase('instant', 1),
  clientVsUndiciCase('instant', 8),
  clientVsUndiciCase('paper', 1),
  clientVsUndiciCase('paper', 8),
  simVsHttpCase('quotes'),
  simVsHttpCase('orderbook'),
  simVsHttpCase('place'),
];

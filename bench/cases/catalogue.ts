import { performance } from 'node:perf_hooks';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { generateMasterCsv } from '../../test/fixtures/catalogue/master.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';

const ROWS = 100_000;
const EXACT = ['RELIANCE', 'NSE:INFY-EQ', 'NIFTY24NOV26C24000', '2885', 'M&M'];
const FUZZY = ['RELAINCE', 'HDFCBNK', 'BANKNIFY', 'ADIPWOERIND', 'banknifyt 24nov', 'TATAMOTRS', 'SUNFARMA'];

/** Instrument search over a 100,000-row master: exact names against misspellings (the slowest kind). */
export const catalogueCase: BenchCase = {
  name: 'catalogue-search',
  title: 'instrument search over a 100,000-row master: misspelt vs exact queries',
  proves:
    'That search stays well under a millisecond at a real master size, even for misspellings that need ' +
    'the fuzzy pass, and what loading the master costs.',
  async run(ctx) {
    const csv = generateMasterCsv(ROWS);
    const t0 = performance.now();
    const catalog = parseInstrumentCatalog(csv);
    const loadMs = performance.now() - t0;
    const c = await compare(
      [
        { name: 'misspelt queries (fuzzy)', op: (i) => catalog.search(FUZZY[i % FUZZY.length] ?? '') },
        { name: 'exact queries', op: (i) => catalog.search(EXACT[i % EXACT.length] ?? '') },
      ],
      { scale: ctx.scale, opsPerRound: 2_000, concurrency: 1 },
    );
    return {
      contenders: c.contenders,
      ratios: [c.ratio('fuzzy p50 / exact p50', 'misspelt queries (fuzzy)', 'exact queries', 'p50')],
      figures: [
        { name: `load ${ROWS.toLocaleString('en')} rows (parse and index), once`, value: loadMs, unit: 'ms' },
      ],
    };
  },
};

import { performance } from 'node:perf_hooks';
import { parseInstrumentCatalog } from '../src/core/catalogue/index.js';
import { generateMasterCsv } from '../test/fixtures/catalogue/master.js';
import { type Measurement, measure, printTable } from './lib.js';

const ROWS = 100_000;
const QUERIES = {
  exact: ['RELIANCE', 'NSE:INFY-EQ', 'NIFTY24NOV26C24000', '2885', 'M&M'],
  prefix: ['N', 'RE', 'REL', 'HDFCB', 'NIFTY2', 'BANKNIFTY24NOV26C5', 'TATA', 'ADIPOW'],
  substring: ['ANCE', '24000', 'TECHLTD', 'POWERIND', 'nifty 24000 ce', 'banknifty 24nov', 'reliance fut'],
  fuzzy: ['RELAINCE', 'HDFCBNK', 'BANKNIFY', 'ADIPWOERIND', 'banknifyt 24nov', 'TATAMOTRS', 'SUNFARMA'],
};

/** Load time of a 100k-row master and search latency per query kind (each measured over all its queries). */
export async function run(): Promise<void> {
  const csv = generateMasterCsv(ROWS);
  const loads: Measurement[] = [];
  loads.push(
    await measure(
      `load ${ROWS.toLocaleString('en')} rows (parse + index)`,
      () => parseInstrumentCatalog(csv),
      { count: 5, warmup: 1 },
    ),
  );
  printTable('catalogue: load', loads);

  const catalog = parseInstrumentCatalog(csv);
  const rows: Measurement[] = [];
  for (const [kind, queries] of Object.entries(QUERIES)) {
    rows.push(
      await measure(
        `search ${kind} (${queries.length} queries)`,
        (i) => catalog.search(queries[i % queries.length] ?? ''),
        {
          count: 20_000,
          warmup: 2_000,
        },
      ),
    );
  }
  const resolveInputs = ['RELIANCE', 'nse:reliance', '2885', 'M%26M-EQ', 'NIFTY24NOV26C24000', 'RELAINCE'];
  rows.push(
    await measure(
      'resolve (6 inputs)',
      (i) => catalog.resolve(resolveInputs[i % resolveInputs.length] ?? ''),
      {
        count: 20_000,
        warmup: 2_000,
      },
    ),
  );
  printTable(`catalogue: search on ${catalog.size.toLocaleString('en')} instruments`, rows);
  const worst = await worstQuery(catalog, Object.values(QUERIES).flat());
  console.log(`slowest single query (median of 200 runs): "${worst.query}" ${worst.ms.toFixed(3)} ms`);
}

async function worstQuery(
  catalog: ReturnType<typeof parseInstrumentCatalog>,
  queries: readonly string[],
): Promise<{ query: string; ms: number }> {
  let worst = { query: '', ms: 0 };
  for (const query of queries) {
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      catalog.search(query);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const ms = samples[100] ?? 0;
    if (ms > worst.ms) worst = { query, ms };
  }
  return worst;
}

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every `bench/*.bench.ts` (or only those whose names contain an argument). Each module exports
 * `run()`, which measures in one process run and prints its table: compare ratios, not absolute
 * figures, because these machines are shared.
 */
const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

console.log(`omsdesk benchmarks: node ${process.version}, ${files.length} suite(s)`);
for (const file of files) {
  const mod = (await import(join(here, file))) as { run: () => Promise<void> };
  await mod.run();
}

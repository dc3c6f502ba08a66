import { writeFile } from 'node:fs/promises';
import { CASES } from './cases/index.js';
import { BENCH_USAGE, parseBenchArgs, selectCases } from './harness/args.js';
import { renderText } from './harness/report.js';
import { runCases, scaleFor } from './harness/run.js';

/**
 * `npm run bench`: runs the selected cases (all by default) and prints the ratios first, then each
 * case's contenders; `--json` writes the same report as JSON on stdout instead, `--out FILE` to a file
 * as well. Progress goes to stderr.
 */
async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseBenchArgs>;
  try {
    args = parseBenchArgs(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nusage: ${BENCH_USAGE}`);
    return 2;
  }
  const cases = selectCases(CASES, args.filters);
  if (args.list || cases.length === 0) {
    if (cases.length === 0) console.error(`no case matches ${args.filters.join(', ')}; the cases are:`);
    for (const c of CASES) console.log(`${c.name.padEnd(28)} ${c.proves}`);
    return cases.length === 0 ? 2 : 0;
  }
  const report = await runCases(cases, {
    scale: scaleFor(args.quick, args.rounds),
    log: (message) => console.error(`[bench] ${message}`),
    ...(args.cpuProfDir === undefined ? {} : { cpuProfDir: args.cpuProfDir }),
  });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (args.out !== undefined) await writeFile(args.out, json);
  process.stdout.write(args.json ? json : renderText(report));
  return report.cases.some((c) => c.error !== undefined) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));

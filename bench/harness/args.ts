import { parseArgs } from 'node:util';

/** What the command line asked for. */
export interface BenchArgs {
  /** Write the report as JSON on stdout (progress stays on stderr). */
  readonly json: boolean;
  /** A smoke run: few rounds, little work. */
  readonly quick: boolean;
  /** Print the cases and what each proves, run nothing. */
  readonly list: boolean;
  readonly rounds: number | undefined;
  /** Also write the report as JSON to this file (the text still goes to stdout). */
  readonly out: string | undefined;
  /** Write CPU profiles of the servers' process here (`node --cpu-prof`). */
  readonly cpuProfDir: string | undefined;
  /** Case names to run: a case runs when its name contains any of them (all when empty). */
  readonly filters: readonly string[];
}

export const BENCH_USAGE =
  'npm run bench -- [--quick] [--json] [--out FILE.json] [--rounds N] [--cpu-prof DIR] [--list] [case-name-part ...]';

/** Parses the benchmark's arguments; throws a message with the usage on anything else. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean' },
      quick: { type: 'boolean' },
      list: { type: 'boolean' },
      rounds: { type: 'string' },
      out: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 100)) {
    throw new Error(`--rounds must be a whole number from 1 to 100, got "${values.rounds}"`);
  }
  return {
    json: values.json ?? false,
    quick: values.quick ?? false,
    list: values.list ?? false,
    rounds,
    out: values.out,
    cpuProfDir: values['cpu-prof'],
    filters: positionals,
  };
}

/** The cases a filter selects, in their registered order. */
export function selectCases<T extends { readonly name: string }>(
  cases: readonly T[],
  filters: readonly string[],
): T[] {
  return cases.filter((c) => filters.length === 0 || filters.some((f) => c.name.includes(f)));
}

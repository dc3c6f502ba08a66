/** One configuration problem, named by the variable (or `.env` line) it concerns; never holds a secret. */
export interface ConfigProblem {
  readonly variable: string;
  readonly message: string;
}

/** Every problem of a configuration at once, one line each: `OMSDESK_X: what is wrong`. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    const lines = problems.map((p) => `  ${p.variable}: ${p.message}`);
    super([`Invalid configuration (${count}):`, ...lines].join('\n'));
    this.problems = problems;
  }
}

/** Type guard. */
export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof ConfigError;
}

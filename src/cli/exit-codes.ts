/**
 * How `omsdesk` ends, for whoever supervises it: restarting helps after 1, never after 2 or 78.
 * - 0: stopped as asked (Ctrl-C or SIGTERM, also while still starting);
 * - 1: failed, and a later start may work (the broker stayed unreachable, the data dir is held);
 * - 2: the command was called wrongly;
 * - 78 (EX_CONFIG): the configuration is wrong or the broker refused the credentials, or the audit log
 *   is broken: starting again unchanged fails the same way (until an operator acts), and repeated
 *   refused logins can lock the account.
 */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
export const EXIT_CONFIG = 78;

/**
 * Errors that say the configuration must change, or an operator act (by name: main.ts must not load their
 * modules to test them).
 */
const CONFIGURATION_ERRORS = new Set([
  'ConfigError',
  'McpSetupError',
  'DataDirUnusableError',
  'AuditLogBrokenError',
]);

/** True for a mistake in how the command was called (parseArgs marks its own with an ERR_PARSE_ARGS code). */
export function isUsageMistake(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | undefined;
  return e?.name === 'UsageError' || String(e?.code ?? '').startsWith('ERR_PARSE_ARGS');
}

/** The exit code a failure calls for. */
export function exitCodeFor(error: unknown): number {
  if (isUsageMistake(error)) return EXIT_USAGE;
  const e = error as { name?: unknown; code?: unknown } | undefined;
  if (e?.name === 'StartInterrupted') return 0;
  if (CONFIGURATION_ERRORS.has(String(e?.name))) return EXIT_CONFIG;
  if (e?.name === 'BrokerError' && e.code === 'INVALID_CREDENTIALS') return EXIT_CONFIG;
  return EXIT_FAILURE;
}

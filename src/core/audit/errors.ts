/**
 * The audit log cannot be opened as it is (a broken chain, an anchor or checkpoint that does not fit):
 * starting again unchanged fails the same way, so it waits for an operator to look (`omsdesk audit verify`).
 */
export class AuditLogBrokenError extends Error {
  override readonly name = 'AuditLogBrokenError';
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly line?: number,
  ) {
    super(
      `audit log ${path} is broken${line === undefined ? '' : ` at line ${line}`}: ${problem}. ` +
        'Run "omsdesk audit verify" to inspect it; move it away to start a new chain.',
    );
  }
}

/** A line could not be written (a full disk, a read-only data dir): nothing of it was kept, nothing may go on. */
export class AuditWriteError extends Error {
  override readonly name = 'AuditWriteError';
  readonly code: string;
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
    super(
      `the audit log ${path} cannot be written (${code}): nothing was recorded, and nothing that needs a record goes ahead until it can`,
    );
    this.code = code;
  }
}

import type { LogFields, Logger } from '../../src/core/logger.js';

/** A logger that keeps every line (`level message {fields}`) for a test to read. */
export function recordingLogger(): { readonly logger: Logger; readonly logs: string[] } {
  const logs: string[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) =>
    logs.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  return {
    logs,
    logger: { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') },
  };
}

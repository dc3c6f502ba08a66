import type { LogFields, Logger } from '../core/logger.js';

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/**
 * Log lines on stderr only (stdout may carry the MCP stdio protocol): `LEVEL message {fields}`. The
 * caller wraps it with the redactor so no secret reaches it.
 */
export function stderrLogger(minimum: Level): Logger {
  const floor = LEVELS.indexOf(minimum);
  const line =
    (level: Level) =>
    (message: string, fields?: LogFields): void => {
      if (LEVELS.indexOf(level) < floor) return;
      const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
      process.stderr.write(`omsdesk ${level} ${message}${extra}\n`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

import { LOG_FORMATS, type LOG_LEVELS } from '../core/config/choices.js';
import type { LogFields, Logger } from '../core/logger.js';

type Level = (typeof LOG_LEVELS)[number];
const RANK: Readonly<Record<Level, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/** How lines on stderr are written: one JSON object each (for a supervisor's log store) or text for people. */
export type LogFormat = (typeof LOG_FORMATS)[number];

let configured: LogFormat | undefined;

/** Records the configured format (`OMSDESK_LOG_FORMAT`, from the environment or `.env`) for every line after. */
export function configureLogFormat(format: LogFormat | undefined): void {
  configured = format;
}

/**
 * The format in use: as configured; before the configuration is read (or when it fails to load), the
 * environment's `OMSDESK_LOG_FORMAT`; else JSON unless stderr is a terminal.
 */
export function logFormat(): LogFormat {
  if (configured !== undefined) return configured;
  const asked = process.env.OMSDESK_LOG_FORMAT;
  if ((LOG_FORMATS as readonly string[]).includes(asked ?? '')) return asked as LogFormat;
  return process.stderr.isTTY ? 'text' : 'json';
}

/** A field value JSON can carry (a bigint or an error would be lost or throw). */
function plain(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return value.message;
  return value;
}

/** One line for stderr: `{"time":…,"level":…,"message":…,…fields}`, or `omsdesk <level> <message> {fields}`. */
export function logLine(level: Level, message: string, fields?: LogFields): string {
  const hasFields = fields !== undefined && Object.keys(fields).length > 0;
  if (logFormat() === 'text')
    return `omsdesk ${level} ${message}${hasFields ? ` ${JSON.stringify(fields, plain)}` : ''}`;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message };
  // A field never overwrites the time, the level or the message.
  for (const [key, value] of Object.entries(fields ?? {})) if (!(key in entry)) entry[key] = value;
  return JSON.stringify(entry, plain);
}

/**
 * Log lines on stderr only (stdout may carry the MCP stdio protocol). The caller wraps it with the
 * redactor so no secret reaches it.
 */
export function stderrLogger(minimum: Level): Logger {
  const line =
    (level: Level) =>
    (message: string, fields?: LogFields): void => {
      if (RANK[level] >= RANK[minimum]) process.stderr.write(`${logLine(level, message, fields)}\n`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

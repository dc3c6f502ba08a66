import type { Redactor } from './redact.js';

/** Structured fields of one log line. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Where the core reports what it does; silent unless the caller passes one. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const noop = (): void => {};

/** A logger that drops everything (the default). */
export const silentLogger: Logger = { debug: noop, info: noop, warn: noop, error: noop };

/** Wraps a logger so every message and field passes through the redactor first (the silent one drops them unread). */
export function redactingLogger(inner: Logger, redactor: Redactor): Logger {
  if (inner === silentLogger) return silentLogger;
  const wrap =
    (level: keyof Logger) =>
    (message: string, fields?: LogFields): void => {
      if (fields === undefined) inner[level](redactor.text(message));
      else inner[level](redactor.text(message), redactor.value(fields));
    };
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}

import { isBrokerError } from '../errors.js';
import { sanitizeError } from '../failures.js';
import type { Redactor } from '../redact.js';

// biome-ignore lint/suspicious/noExplicitAny: any method signature is wrapped unchanged.
type AsyncMethods = Record<string, (...args: any[]) => Promise<unknown>>;

/** Wraps every method so no error leaves the client with a known secret in its message, texts or cause chain. */
export function guardMethods<T extends AsyncMethods>(redactor: Redactor, methods: T): T {
  const sanitized = (error: unknown): never => {
    throw isBrokerError(error) ? sanitizeError(error, redactor) : error;
  };
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) {
    guarded[name] = (...args: unknown[]): Promise<unknown> => {
      try {
        return method(...args).catch(sanitized);
      } catch (error) {
        // A method that throws before its promise exists is guarded the same way.
        return Promise.reject(error).catch(sanitized);
      }
    };
  }
  return guarded as T;
}

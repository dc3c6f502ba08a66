import { isBrokerError } from '../errors.js';
import { sanitizeError } from '../failures.js';
import type { Redactor } from '../redact.js';

// biome-ignore lint/suspicious/noExplicitAny: any method signature is wrapped unchanged.
type AsyncMethods = Record<string, (...args: any[]) => Promise<unknown>>;

/** Wraps every method so no error leaves the client with a known secret in its message, texts or cause chain. */
export function guardMethods<T extends AsyncMethods>(redactor: Redactor, methods: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) {
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        throw isBrokerError(error) ? sanitizeError(error, redactor) : error;
      }
    };
  }
  return guarded as T;
}

import type { Logger } from '../../core/logger.js';

/** Logs a kind of problem (once). */
export type Problem = (what: string, level?: 'warn' | 'error') => void;

/** Logs each kind of problem once: a flood of one malformed interaction is one line, not thousands. */
export function onceEach(logger: Logger, max = 1_000): Problem {
  const seen = new Set<string>();
  return (what, level = 'warn') => {
    if (seen.has(what) || seen.size >= max) return;
    seen.add(what);
    logger[level](`${what}; further ones like it are not logged`);
  };
}

import { type Clock, systemClock } from '../core/clock.js';
import { type Logger, silentLogger } from '../core/logger.js';
import type { DeskDeps } from './deps.js';

/** The desk's dependencies with every default filled in. */
export interface ResolvedDeps extends DeskDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
}

/** Fills in the defaults of the dependencies. */
export function resolveDeps(deps: DeskDeps): ResolvedDeps {
  return {
    ...deps,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? silentLogger,
    redact: deps.redact ?? ((text) => text),
  };
}

import { Agent } from 'undici';
import type { Logger } from '../logger.js';
import type { Exchange } from '../vocabulary/index.js';
import type { InstrumentCatalog } from './catalog.js';
import { type MasterSet, writeMastersCache } from './masters-cache.js';
import { checkLocation, DEFAULT_MASTER_LIMITS, fetchSymbolFile } from './masters-download.js';
import type { PublishedMastersOptions } from './masters-options.js';
import { reasonOf } from './masters-text.js';
import { symbolFileName } from './noren.js';
import { parsePublishedMasters } from './published.js';

/** Downloads every exchange's file, all or nothing (a partial set must not replace a whole one). */
export async function downloadMasters(
  options: PublishedMastersOptions,
  now: number,
  signal?: AbortSignal,
): Promise<MasterSet> {
  checkLocation(options.location);
  const dispatcher = options.dispatcher ?? new Agent({ connect: { timeout: options.timeoutMs ?? 30_000 } });
  try {
    const files = new Map<Exchange, string>();
    for (const exchange of options.exchanges) {
      const text = await fetchSymbolFile(options.location, exchange, {
        limits: { ...DEFAULT_MASTER_LIMITS, ...options.limits },
        timeoutMs: options.timeoutMs ?? 30_000,
        dispatcher,
        ...(signal === undefined ? {} : { signal }),
      });
      files.set(exchange, text);
    }
    return { location: options.location, fetchedAt: now, files };
  } finally {
    if (dispatcher !== options.dispatcher) await dispatcher.close();
  }
}

/** The catalogue of a downloaded or cached set; a file without usable rows is a `CatalogueError`. */
export function catalogOfSet(set: MasterSet): InstrumentCatalog {
  return parsePublishedMasters(
    [...set.files].map(([exchange, text]) => ({ name: symbolFileName(exchange), text })),
  );
}

/** Writes a good download to the cache; a failure to write costs only the fallback, so it is a warning. */
export async function keepInCache(
  options: PublishedMastersOptions,
  set: MasterSet,
  logger: Logger,
): Promise<void> {
  try {
    await writeMastersCache(options.cacheDir, set);
  } catch (error) {
    logger.warn(`Could not cache the instrument masters in ${options.cacheDir}: ${reasonOf(error)}.`);
  }
}

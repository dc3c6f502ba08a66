import { Agent, type Dispatcher } from 'undici';
import type { Clock } from '../clock.js';
import { type Logger, silentLogger } from '../logger.js';
import { istDate, istParts } from '../time/ist.js';
import type { Exchange } from '../vocabulary/index.js';
import type { InstrumentCatalog } from './catalog.js';
import { CatalogueError } from './errors.js';
import { type MasterSet, readMastersCache, writeMastersCache } from './masters-cache.js';
import {
  checkLocation,
  DEFAULT_MASTER_LIMITS,
  describeLocation,
  fetchSymbolFile,
  type MasterLimits,
} from './masters-download.js';
import { DEFAULT_REFRESH_TIME, lastRefreshPoint, type RefreshSchedule } from './masters-schedule.js';
import { symbolFileName } from './noren.js';
import { parsePublishedMasters } from './published.js';

/** Where and how to load a broker's published instrument masters. */
export interface PublishedMastersOptions {
  /** A base URL (https, or http on loopback) or a local directory holding `NSE_symbols.txt.zip` and so on. */
  readonly location: string;
  readonly exchanges: readonly Exchange[];
  /** Where the last good download is kept (a folder of the data dir, owned by one process). */
  readonly cacheDir: string;
  readonly clock?: Pick<Clock, 'now'>;
  readonly logger?: Logger;
  /** When a new master is expected (default 08:00 IST on weekdays). */
  readonly schedule?: RefreshSchedule;
  readonly limits?: Partial<MasterLimits>;
  /** Longest wait for the server to answer or send the next bytes (default 30 s). */
  readonly timeoutMs?: number;
  /** The caller's connection pool; by default each download opens and closes its own. */
  readonly dispatcher?: Dispatcher;
}

/** The renewal schedule of the options, with its default. */
export function scheduleOf(options: PublishedMastersOptions): RefreshSchedule {
  return options.schedule ?? { at: DEFAULT_REFRESH_TIME };
}

/** A loaded master: the catalogue, when its files were fetched, and where it came from this time. */
export interface LoadedMasters {
  readonly catalog: InstrumentCatalog;
  readonly fetchedAt: number;
  /** `download`: fetched now; `cache`: today's copy; `stale-cache`: an older copy after a failed download. */
  readonly source: 'download' | 'cache' | 'stale-cache';
}

/**
 * Loads the published masters: the cached copy when it is current (fetched after the last renewal time),
 * else a fresh download (then cached); when the download fails, the cached copy with a warning that says
 * how old it is; with neither, a `CatalogueError` saying what failed.
 */
export async function loadPublishedMasters(options: PublishedMastersOptions): Promise<LoadedMasters> {
  const now = (options.clock ?? Date).now();
  const logger = options.logger ?? silentLogger;
  let cached: MasterSet | undefined;
  try {
    cached = usableFor(options, await readMastersCache(options.cacheDir));
  } catch (error) {
    logger.warn(`Ignoring the cached instrument masters: ${reasonOf(error)}.`);
  }
  if (cached !== undefined && cached.fetchedAt >= lastRefreshPoint(now, scheduleOf(options))) {
    try {
      return { catalog: catalogOfSet(cached), fetchedAt: cached.fetchedAt, source: 'cache' };
    } catch (error) {
      logger.warn(`Ignoring the cached instrument masters: ${reasonOf(error)}.`);
      cached = undefined;
    }
  }
  let failure: CatalogueError;
  try {
    const set = await downloadMasters(options, now);
    const catalog = catalogOfSet(set);
    await keepInCache(options, set, logger);
    return { catalog, fetchedAt: set.fetchedAt, source: 'download' };
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    failure = error;
  }
  const where = describeLocation(options.location);
  if (cached !== undefined) {
    try {
      const catalog = catalogOfSet(cached);
      logger.warn(
        `Could not download the instrument masters from ${where} (${reasonOf(failure)}); using the cached copy ${ageText(cached.fetchedAt, now)}.`,
      );
      return { catalog, fetchedAt: cached.fetchedAt, source: 'stale-cache' };
    } catch {
      // An unreadable cached copy is no fallback: report the download's failure below.
    }
  }
  throw new CatalogueError(
    `Cannot load the instrument masters from ${where}: ${reasonOf(failure)}; and there is no usable cached copy in ${options.cacheDir} to fall back on. Check the location (it must hold ${options.exchanges.map((e) => `${symbolFileName(e)}.zip`).join(', ')}) or supply an instrument CSV instead.`,
    [],
    { cause: failure },
  );
}

function usableFor(options: PublishedMastersOptions, set: MasterSet | undefined): MasterSet | undefined {
  if (set === undefined || set.location !== options.location) return undefined;
  if (!options.exchanges.every((e) => set.files.has(e))) return undefined;
  return { ...set, files: new Map(options.exchanges.map((e) => [e, set.files.get(e) ?? ''])) };
}

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

/** An error's message as a clause inside another sentence (without its final full stop). */
export function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

/** `downloaded 2026-11-19 08:41 IST, 1 day 2 hours ago`. */
export function ageText(fetchedAt: number, now: number): string {
  const p = istParts(fetchedAt);
  const clock = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const age =
    days > 0
      ? `${unit(days, 'day')} ${unit(hours, 'hour')}`
      : hours > 0
        ? unit(hours, 'hour')
        : unit(minutes % 60, 'minute');
  return `downloaded ${istDate(fetchedAt)} ${clock} IST, ${age} ago`;
}

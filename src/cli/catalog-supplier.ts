import { join, resolve } from 'node:path';
import {
  CatalogueError,
  DEFAULT_REFRESH_TIME,
  InstrumentCatalog,
  loadInstrumentCatalog,
  PublishedMasters,
  parseInstrumentCatalog,
} from '../core/catalogue/index.js';
import type { Config } from '../core/config/index.js';
import type { Logger } from '../core/logger.js';
import { istDate } from '../core/time/ist.js';
import type { Simulator } from '../sim/create-simulator.js';
import { instrumentsCsv } from '../sim/market/index.js';

/** The paper broker's master, rebuilt when the IST day changes (expiries roll, contracts list and delist). */
export function paperCatalog(sim: Simulator): () => InstrumentCatalog {
  let day = '';
  let catalog: InstrumentCatalog | undefined;
  return () => {
    const now = sim.clock.now();
    if (catalog === undefined || istDate(now) !== day) {
      day = istDate(now);
      catalog = parseInstrumentCatalog(instrumentsCsv(sim.market.universe(now)));
    }
    return catalog;
  };
}

/** What a live broker without a master answers wherever a name must be resolved. */
export const NO_INSTRUMENT_MASTER =
  'no instrument master is configured: set OMSDESK_INSTRUMENTS_URL or OMSDESK_INSTRUMENTS_FILE';

/** A live broker's master from the configured file (none configured: tokens only, and every name refused saying so). */
export async function fileCatalog(path: string | undefined): Promise<() => InstrumentCatalog> {
  const catalog =
    path === undefined ? InstrumentCatalog.none(NO_INSTRUMENT_MASTER) : await loadInstrumentCatalog({ path });
  return () => catalog;
}

/** A live broker's master and what stops its upkeep. */
export interface LiveCatalog {
  readonly get: () => InstrumentCatalog;
  close(): Promise<void>;
}

/**
 * A live broker's master: the configured CSV when there is one (it wins), else the broker's published
 * masters for the allowed exchanges, renewed each trading day and cached in the data dir, else empty.
 */
export async function liveCatalog(config: Config, logger: Logger): Promise<LiveCatalog> {
  const { instrumentsFile, instrumentsUrl } = config.broker;
  if (instrumentsFile === undefined && instrumentsUrl === undefined) {
    logger.warn(
      `${NO_INSTRUMENT_MASTER}: until then, instruments are named by exchange and token only, and no order can be previewed`,
    );
  }
  if (instrumentsFile !== undefined || instrumentsUrl === undefined) {
    return { get: await fileCatalog(instrumentsFile), close: async () => undefined };
  }
  try {
    const masters = await PublishedMasters.open({
      location: /^https?:\/\//i.test(instrumentsUrl) ? instrumentsUrl : resolve(instrumentsUrl),
      exchanges: config.policy.allowedExchanges,
      cacheDir: join(config.dataDir, 'instruments'),
      logger,
      schedule: { at: DEFAULT_REFRESH_TIME, holidays: config.policy.holidays },
    });
    return { get: () => masters.current(), close: () => masters.close() };
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    const hint = '(OMSDESK_INSTRUMENTS_URL, or OMSDESK_INSTRUMENTS_FILE for a CSV)';
    throw new CatalogueError(`${error.message.replace(/\.$/, '')} ${hint}.`, [], { cause: error });
  }
}

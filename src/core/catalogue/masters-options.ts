import type { Dispatcher } from 'undici';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Exchange } from '../vocabulary/index.js';
import type { MasterLimits } from './masters-download.js';
import { DEFAULT_REFRESH_TIME, type RefreshSchedule } from './masters-schedule.js';

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

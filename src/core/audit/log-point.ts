import { type Anchor, type AnchorOptions, readAnchor, readAnchorKey } from './anchor.js';
import { GENESIS } from './entry.js';

/** A point of the log: its first `lines` lines end at byte `bytes`, the last (from `lastLineAt`) with hash `head`. */
export interface LogPoint {
  readonly lines: number;
  readonly bytes: number;
  readonly lastLineAt: number;
  readonly head: string;
}

/** The start of a log, before its first line. */
export const START: LogPoint = { lines: 0, bytes: 0, lastLineAt: 0, head: GENESIS };

/** What checking an anchor needs: the key (undefined when its file is missing) and the anchor as read. */
export interface AnchorState {
  readonly options: AnchorOptions;
  readonly key: Buffer | undefined;
  readonly anchor: Anchor | 'malformed' | undefined;
}

/** Reads a log's anchor and key. */
export async function readAnchorState(options: AnchorOptions): Promise<AnchorState> {
  const [key, anchor] = await Promise.all([readAnchorKey(options.keyPath), readAnchor(options.path)]);
  return { options, key, anchor };
}

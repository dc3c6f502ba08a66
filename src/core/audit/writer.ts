import type { FileHandle } from 'node:fs/promises';
import { writeAnchor } from './anchor.js';

/** How a log's lines and its anchor reach the disk (tests give one that fails as a full disk would). */
export interface AuditWriter {
  /** Appends whole lines to the open log and flushes them to the disk. */
  append(file: FileHandle, text: string): Promise<void>;
  /** Signs and writes the anchor atomically. */
  anchor(path: string, key: Buffer, lines: number, head: string): Promise<void>;
}

/** The disk itself. */
export const diskWriter: AuditWriter = {
  async append(file, text) {
    await file.appendFile(text);
    await file.sync();
  },
  anchor: writeAnchor,
};

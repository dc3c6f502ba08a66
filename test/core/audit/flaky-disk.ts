import { writeAnchor } from '../../../src/core/audit/anchor.js';
import type { AuditWriter } from '../../../src/core/audit/index.js';

const fsError = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/**
 * The disk, until `fail` says what fails: a line cut short half way (what a full disk leaves), or the
 * anchor (a data dir turned read-only); `'all'` fails both.
 */
export class FlakyDisk implements AuditWriter {
  fail: 'none' | 'line' | 'anchor' | 'all' = 'none';
  async append(file: Parameters<AuditWriter['append']>[0], text: string): Promise<void> {
    if (this.fail === 'line' || this.fail === 'all') {
      await file.appendFile(text.slice(0, Math.floor(text.length / 2)));
      throw fsError('ENOSPC');
    }
    await file.appendFile(text);
    await file.sync();
  }
  async anchor(path: string, key: Buffer, lines: number, head: string): Promise<void> {
    if (this.fail === 'anchor' || this.fail === 'all') throw fsError('EROFS');
    await writeAnchor(path, key, lines, head);
  }
}

import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  AuditLog,
  describeCheckpoint,
  readAnchorState,
  repairableTail,
  verifyAuditLog,
} from '../../core/audit/index.js';
import { systemClock } from '../../core/clock.js';
import { configRedactor } from '../../core/config/index.js';
import { DataDirLock } from '../../core/data-dir/lock.js';
import { auditAnchor, loadCliConfig } from '../config.js';
import { UsageError } from '../usage-error.js';

export const AUDIT_USAGE =
  'omsdesk audit verify|anchor [--file PATH] [--no-anchor]   (default: OMSDESK_AUDIT_LOG, else audit.jsonl in the data dir)';

/**
 * `omsdesk audit verify`: checks every line's hash chain and the signed anchor (so a cut tail or a
 * rewritten, re-chained log shows), and says what a start would make of the checkpoint; exit 0 when the
 * log is sound, 1 when not, or when it is missing or empty (nothing checked proves nothing). `omsdesk audit anchor`: anchors a log as found, after checking its chain,
 * recording that in the log (for a log moved or restored on purpose).
 */
export async function auditCommand(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { file: { type: 'string' }, 'no-anchor': { type: 'boolean' } },
    allowPositionals: true,
  });
  const [action] = positionals;
  if (!(action === 'verify' || action === 'anchor') || positionals.length > 1)
    throw new UsageError(`usage: ${AUDIT_USAGE}`);
  const { config } = await loadCliConfig();
  const path = values.file ?? config.audit.path;
  const anchor = auditAnchor({ ...config, audit: { ...config.audit, path } });
  if (action === 'anchor') {
    const lock = await DataDirLock.acquire(config.dataDir, 'omsdesk audit anchor');
    try {
      const log = await AuditLog.open(path, systemClock, configRedactor(config), {
        anchor,
        adopt: { reason: 'anchored by the operator', actor: { channel: 'cli', id: 'operator' } },
      });
      await log.close();
    } finally {
      await lock.release();
    }
  }
  const verdict = await verifyAuditLog(path, values['no-anchor'] ? undefined : anchor);
  // Nothing checked is no proof: a backup that never happened must not pass as a sound one.
  if (verdict.ok && verdict.entries === 0) {
    const missing = (await stat(path).catch(() => undefined)) === undefined;
    console.error(
      `audit log ${path}: ${missing ? 'does not exist' : 'is empty'}: nothing to verify (is this the right file? --file or OMSDESK_AUDIT_LOG name it)`,
    );
    process.exitCode = 1;
    return;
  }
  if (verdict.ok) {
    const anchored =
      verdict.anchoredLines === undefined
        ? ' (anchor not checked)'
        : `, anchor intact (${verdict.anchoredLines} lines signed)`;
    console.log(
      `audit log ${path}: ${verdict.entries} entries, chain intact${anchored} (last hash ${verdict.lastHash.slice(0, 16)}…)`,
    );
    if (!values['no-anchor'])
      console.log(`checkpoint: ${await describeCheckpoint(path, await readAnchorState(anchor))}`);
    return;
  }
  const at = verdict.line === undefined ? '' : ` at line ${verdict.line}`;
  console.error(`audit log ${path}: BROKEN${at}: ${verdict.problem}`);
  console.error(
    verdict.line === undefined
      ? `its ${verdict.entries} lines chain soundly; the anchor or checkpoint beside them is what fails`
      : `the ${verdict.line - 1} lines before it chain soundly`,
  );
  const torn = await repairableTail(path, values['no-anchor'] ? undefined : anchor);
  if (torn !== undefined)
    console.error(
      `only its last line is cut short (${torn} bytes without a newline: a write that never completed); ` +
        'the next start removes it, keeping a copy beside the log, and records that',
    );
  process.exitCode = 1;
}

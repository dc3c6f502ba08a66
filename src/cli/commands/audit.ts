import { parseArgs } from 'node:util';
import { verifyAuditLog } from '../../core/audit/index.js';
import { loadCliConfig } from '../load-config.js';
import { UsageError } from '../usage-error.js';

export const AUDIT_USAGE =
  'omsdesk audit verify [--file PATH]   (default: OMSDESK_AUDIT_LOG, else .omsdesk/audit.jsonl)';

/** `omsdesk audit verify`: checks the hash chain of the audit log; exit 0 when sound, 1 when broken. */
export async function auditCommand(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { file: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals[0] !== 'verify' || positionals.length > 1) throw new UsageError(`usage: ${AUDIT_USAGE}`);
  const path = values.file ?? (await loadCliConfig()).audit.path;
  const verdict = await verifyAuditLog(path);
  if (verdict.ok) {
    console.log(
      `audit log ${path}: ${verdict.entries} entries, chain intact (last hash ${verdict.lastHash.slice(0, 16)}…)`,
    );
    return;
  }
  console.error(`audit log ${path}: BROKEN at line ${verdict.line}: ${verdict.problem}`);
  console.error(`the ${verdict.entries} lines before it are intact`);
  process.exitCode = 1;
}
